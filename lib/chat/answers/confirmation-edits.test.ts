import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { db, disconnectDb } from "@/lib/db/client";
import { sendEmailTool } from "@/lib/tools/send-email";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { createDecisions, decideConfirmation } from "./confirmations";
import { pickFrameChoice } from "./selections";
import { runChat } from "../turns/run";

afterAll(async () => {
  await disconnectDb();
});

const instant = createMockAgent({ deltaMs: 0 });
const proposed = {
  to: "ada@example.com",
  subject: "Release notes",
  body: "Version 1.4 is out.",
};
const edited = { ...proposed, subject: "Release notes for 1.4" };

/** A pending send-email handle in a chat of its own, and everything an edit could write to. */
async function proposal() {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message: "Email the release notes" });
  await runChat(chatId, instant);
  const reply = (await loadChatView({ visitorId, chatId })).items[1]!;
  const outcome = await pickFrameChoice({
    visitorId,
    chatId,
    itemId: reply.id,
    instanceId: "release-email",
    choiceId: "send",
  });
  const token = outcome.selection.confirmationToken!;
  const edit = (input: Record<string, unknown>, on = token) =>
    decideConfirmation({ visitorId, chatId, token: on, decision: "edit", input });
  const approve = (on = token) =>
    decideConfirmation({ visitorId, chatId, token: on, decision: "approve" });
  /** Every row an edit or a decision writes in this chat, to show that a refusal wrote none. */
  const written = async () => ({
    confirmations: await db().actionConfirmation.findMany({
      where: { chatId },
      orderBy: { createdAt: "asc" },
    }),
    selections: await db().frameSelection.findMany({ where: { itemId: reply.id } }),
    events: await db().chatEvent.count({ where: { chatId } }),
    items: await db().item.count({ where: { chatId } }),
  });
  return { visitorId, chatId, reply, token, edit, approve, written };
}

describe("an edited proposal", () => {
  it("is approved under a new handle bound to the edited input; the old handle is dead", async () => {
    const { visitorId, chatId, reply, token, edit, approve, written } = await proposal();
    const view = await edit(edited);
    expect(view).toMatchObject({
      status: "approved",
      input: edited,
      proposedInput: proposed,
      outcome: { kind: "executed", result: { subject: "Release notes for 1.4" } },
    });
    expect(view.token).not.toBe(token);

    const { confirmations, selections } = await written();
    expect(confirmations).toMatchObject([
      { token, status: "replaced", input: proposed, replaces: null },
      { token: view.token, status: "approved", input: edited, replaces: token },
    ]);
    expect(confirmations[1]!.expiresAt).toEqual(confirmations[0]!.expiresAt);
    // The list's pick now names the new handle, so the list reads as answered by it.
    expect(selections).toMatchObject([{ confirmationToken: view.token }]);

    // The old handle is refused, with the handle that replaced it; nothing more is written.
    const before = await written();
    for (const again of [() => approve(), () => edit({ ...edited, subject: "Other" })]) {
      await expect(again()).rejects.toMatchObject({
        code: "confirmation-replaced",
        status: 409,
        details: { confirmation: { token: view.token, status: "approved" } },
      });
    }
    expect(await written()).toEqual(before);

    // A reload draws the same: the old handle replaced, the new one approved with its changes.
    const drawn = (await loadChatView({ visitorId, chatId })).items[1]!;
    expect(drawn.id).toBe(reply.id);
    expect(drawn.confirmations[token]).toMatchObject({ status: "replaced" });
    expect(drawn.confirmations[view.token]).toEqual(view);
  });

  it("tells the agent what changed, and the agent's reply names it", async () => {
    const { chatId, edit } = await proposal();
    await edit(edited);
    const report = await db().item.findFirstOrThrow({
      where: { chatId, role: "user" },
      orderBy: { position: "desc" },
    });
    expect(report.content).toMatch(
      /^The person approved “Send to Ada” with changes \(subject: "Release notes" → "Release notes for 1\.4"\): send-email ran and returned \{/,
    );
    await runChat(chatId, instant);
    const answer = await db().item.findFirstOrThrow({
      where: { chatId, role: "assistant" },
      orderBy: { position: "desc" },
    });
    expect(answer.content).toMatch(
      /^Approved with your changes: subject: "Release notes" → "Release notes for 1\.4"\. Done: the email went to \*\*ada@example\.com\*\*/,
    );
  });

  it("refuses a forged edit, writing nothing", async () => {
    const { visitorId, chatId, token, edit, written } = await proposal();
    const other = await proposal();
    const before = await written();
    const otherBefore = await other.written();
    const refusals: [() => Promise<unknown>, string, string?][] = [
      [() => edit({ ...edited, cc: "eve@example.com" }), "confirmation-edit-refused"],
      [() => edit({ to: "ada@example.com", subject: "No body" }), "confirmation-edit-refused"],
      [() => edit({ ...edited, to: "not an address" }), "confirmation-edit-refused"],
      [() => edit({ ...edited, subject: 42 }), "confirmation-edit-refused"],
      [() => edit({ ...edited, subject: "" }), "confirmation-edit-refused"],
      [() => edit(proposed), "confirmation-edit-refused", "CONFIRMATION_INVALID_REQUEST"],
      // Another chat's handle, named through this chat, and a handle tampered with.
      [() => edit(edited, other.token), "confirmation-not-found"],
      [() => edit(edited, `${token}0`), "confirmation-not-found"],
      [
        () =>
          decideConfirmation({
            visitorId: randomUUID(),
            chatId,
            token,
            decision: "edit",
            input: edited,
          }),
        "chat-not-found",
      ],
      [
        () =>
          decideConfirmation({
            visitorId,
            chatId: other.chatId,
            token,
            decision: "edit",
            input: edited,
          }),
        "chat-not-found",
      ],
    ];
    for (const [refused, code, reason] of refusals) {
      await expect(refused()).rejects.toMatchObject({ code, ...(reason ? { reason } : {}) });
    }
    expect(await written()).toEqual(before);
    expect(await other.written()).toEqual(otherBefore);
  });

  it("is refused once the handle expired, and nothing replaces it", async () => {
    const { token, edit, written } = await proposal();
    await db().actionConfirmation.update({
      where: { token },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const execute = vi.spyOn(sendEmailTool, "execute");
    try {
      await expect(edit(edited)).rejects.toMatchObject({
        code: "confirmation-expired",
        status: 410,
        details: { confirmation: { token, status: "expired" } },
      });
      expect(execute).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
    }
    expect((await written()).confirmations).toMatchObject([
      { token, status: "expired", input: proposed },
    ]);
  });
});

describe("an edit racing an approval", () => {
  it("has one winner across instances: the tool runs once, with the winner's input", async () => {
    const execute = vi.spyOn(sendEmailTool, "execute");
    try {
      for (let round = 0; round < 4; round += 1) {
        execute.mockClear();
        const { visitorId, token, written } = await proposal();
        // Two instances of the app, each with its own connections and transactions.
        const [editing, approving] = await Promise.all([
          createDecisions().edit(token, visitorId, edited),
          createDecisions().approve(token, visitorId),
        ]);
        expect(execute).toHaveBeenCalledTimes(1);
        const { confirmations } = await written();
        if (confirmations[0]!.status === "replaced") {
          expect(execute).toHaveBeenCalledWith(edited);
          expect(confirmations).toMatchObject([{ token }, { status: "approved", input: edited }]);
          expect(approving).toMatchObject({ ok: true, changed: false });
        } else {
          expect(execute).toHaveBeenCalledWith(proposed);
          expect(confirmations).toMatchObject([{ token, status: "approved", input: proposed }]);
          expect(editing).toMatchObject({ ok: true, changed: false, record: { token } });
        }
      }
    } finally {
      execute.mockRestore();
    }
  });

  it("answers the loser with a stable conflict and the winner's handle", async () => {
    const { token, edit, approve, written } = await proposal();
    const results = await Promise.allSettled([edit(edited), approve()]);
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result) => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const { confirmations } = await written();
    const winner = confirmations.find((row) => row.status === "approved")!;
    expect(lost[0]!.reason).toMatchObject({
      code: winner.token === token ? "confirmation-settled" : "confirmation-replaced",
      status: 409,
      details: { confirmation: { token: winner.token } },
    });
  });
});
