import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { db, disconnectDb } from "@/lib/db/client";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { recoverChats } from "../recovery/recover";
import { decideConfirmation, sweepStaleClaims } from "./confirmations";
import { pickFrameChoice } from "./selections";
import { runChat } from "../turns/run";

afterAll(async () => {
  await disconnectDb();
});

const instant = createMockAgent({ deltaMs: 0 });

/** A chat whose reply proposed sending the release notes; `pick` picks in its list again. */
async function proposal() {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message: "Email the release notes" });
  await runChat(chatId, instant);
  const reply = (await loadChatView({ visitorId, chatId })).items[1]!;
  const pick = (choiceId: string) =>
    pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "release-email",
      choiceId,
    });
  const token = (await pick("send")).selection.confirmationToken!;
  const decide = (decision: "approve" | "reject", on = token) =>
    decideConfirmation({ visitorId, chatId, token: on, decision });
  const lastTexts = async (count: number) =>
    (await loadChatView({ visitorId, chatId })).items
      .slice(-count)
      .map(
        (item) =>
          `${item.role}: ${item.parts.map((part) => ("text" in part ? part.text : "")).join("")}`,
      );
  return { visitorId, chatId, reply, token, pick, decide, lastTexts };
}

describe("the agent hears how a proposed action ended", () => {
  it("reports an approval with the tool's result, and the agent answers it", async () => {
    const { chatId, token, decide, lastTexts } = await proposal();
    await decide("approve");
    const report = await db().item.findFirstOrThrow({
      where: { chatId, role: "user" },
      orderBy: { position: "desc" },
    });
    expect(report.origin).toMatchObject({
      kind: "confirmation",
      token,
      label: "Send to Ada",
      outcome: "executed",
    });
    expect(report.content).toMatch(
      /^The person approved “Send to Ada”: send-email ran and returned \{.*"to":"ada@example.com".*"delivered":true/,
    );
    await runChat(chatId, instant);
    expect((await lastTexts(1))[0]).toMatch(
      /^assistant: Done: the email went to \*\*ada@example.com\*\* \(message `msg-/,
    );
  });

  it("reports a rejection once, however often it is repeated", async () => {
    const { chatId, decide, lastTexts } = await proposal();
    await decide("reject");
    await decide("reject");
    expect(await db().item.count({ where: { chatId, role: "user" } })).toBe(2);
    await runChat(chatId, instant);
    expect(await lastTexts(2)).toEqual([
      "user: The person rejected “Send to Ada”: send-email was not run.",
      "assistant: Understood: nothing was sent. The list above is open again: pick another option, or pick “Send to Ada” again for a new proposal.",
    ]);
  });

  it("expires a handle whose time ran out when the chat is read, and reports it once", async () => {
    const { visitorId, chatId, token, lastTexts } = await proposal();
    await db().actionConfirmation.update({
      where: { token },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    // Two reads at once, each as a route reads: recovered first.
    const read = async () => {
      await recoverChats({ visitorId, chatId });
      return loadChatView({ visitorId, chatId });
    };
    const [first, second] = await Promise.all([read(), read()]);
    expect(first.items[1]!.confirmations[token]).toMatchObject({
      status: "expired",
      outcome: { kind: "expired" },
    });
    expect(second.items[1]!.confirmations[token]!.status).toBe("expired");
    expect(await db().item.count({ where: { chatId, role: "user" } })).toBe(2);
    expect(await sweepStaleClaims({ chatId })).toBe(0);
    await runChat(chatId, instant);
    expect((await lastTexts(1))[0]).toMatch(
      /^assistant: The proposal expired before anyone decided/,
    );
  });

  it("hands the chat back to be run when recovery settles a handle and reports it", async () => {
    const { visitorId, chatId, token } = await proposal();
    await db().actionConfirmation.update({
      where: { token },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect(await recoverChats({ visitorId, chatId })).toEqual([chatId]);
    expect(await db().turn.count({ where: { chatId, status: "running", replyItemId: null } })).toBe(
      1,
    );
    await runChat(chatId, instant);
  });

  it("queues the report behind a reply that is still running", async () => {
    const { visitorId, chatId, decide } = await proposal();
    await db().chat.update({ where: { id: chatId }, data: { activeTurnId: randomUUID() } });
    await decide("reject");
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.queued.map((entry) => entry.text)).toEqual([
      "The person rejected “Send to Ada”: send-email was not run.",
    ]);
  });
});

describe("choosing again", () => {
  it("reopens the list after a rejection: another choice, or the same one proposed anew", async () => {
    const again = await proposal();
    await again.decide("reject");
    const second = await again.pick("send");
    expect(second.status).toBe("proposed");
    expect(second.selection.confirmationToken).not.toBe(again.token);
    expect(await again.decide("approve", second.selection.confirmationToken!)).toMatchObject({
      status: "approved",
    });
    // An action that ran closes the list for good.
    await expect(again.pick("hold")).rejects.toMatchObject({ code: "frame-already-answered" });

    const other = await proposal();
    await other.decide("reject");
    await runChat(other.chatId, instant);
    expect((await other.pick("hold")).status).toBe("sent");
    const view = await loadChatView({ visitorId: other.visitorId, chatId: other.chatId });
    expect(view.items[1]!.selections["release-email"]).toMatchObject({
      choiceId: "hold",
      label: "Hold for now",
    });
  });

  it("keeps a list closed while its proposal awaits a decision", async () => {
    const { pick } = await proposal();
    await expect(pick("hold")).rejects.toMatchObject({ code: "frame-already-answered" });
    expect((await pick("send")).status).toBe("proposed");
  });

  it("gives exactly one new pick to concurrent picks on a reopened list", async () => {
    const { reply, decide, pick } = await proposal();
    await decide("reject");
    const results = await Promise.allSettled(
      ["hold", "send", "hold", "send"].map((choiceId) => pick(choiceId)),
    );
    expect(await db().frameSelection.count({ where: { itemId: reply.id } })).toBe(2);
    expect(results.some((result) => result.status === "fulfilled")).toBe(true);
  });
});
