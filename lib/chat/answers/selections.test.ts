import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { db, disconnectDb } from "@/lib/db/client";
import { sendEmailTool } from "@/lib/tools/send-email";
import { loadChatView } from "../chats/chat-view";
import { createChat, renameChat } from "../chats/manage";
import { sendMessage } from "../chats/send-message";
import { createDecisions, decideConfirmation } from "./confirmations";
import { toConfirmationView } from "../store/views";
import { pickFrameChoice, type SelectionOutcome } from "./selections";
import { behindChatLock } from "../../../scripts/test/contention";
import { runChat } from "../turns/run";
import type { ItemView } from "../wire";

afterAll(async () => {
  await disconnectDb();
});

// A test may move the chat's log once, between a pick's read and its append.
const between = vi.hoisted(() => ({ move: null as null | (() => Promise<unknown>), picks: 0 }));
vi.mock("../store/turns", async (original) => {
  const actual = await original<typeof import("../store/turns")>();
  return {
    ...actual,
    sendOrQueue: async (...args: Parameters<typeof actual.sendOrQueue>) => {
      const move = between.move;
      between.move = null;
      between.picks++;
      if (move) await move();
      return actual.sendOrQueue(...args);
    },
  };
});

const instant = createMockAgent({ deltaMs: 0 });

/** A chat whose first reply (to `message`) has finished; returns the reply's item. */
async function answeredChat(message: string) {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message });
  await runChat(chatId, instant);
  const chat = await loadChatView({ visitorId, chatId });
  const reply = chat.items.find((item) => item.role === "assistant")!;
  return { visitorId, chatId, reply };
}

const userTexts = async (visitorId: string, chatId: string) =>
  (await loadChatView({ visitorId, chatId })).items
    .filter((item) => item.role === "user")
    .map((item) => (item.parts[0] as { text: string }).text);

/** The outcomes of picks that must all succeed; a refusal fails the test with its reason. */
function settled(results: PromiseSettledResult<SelectionOutcome>[]): SelectionOutcome[] {
  return results.map((result) => {
    if (result.status === "rejected") throw result.reason;
    return result.value;
  });
}

function componentIds(item: ItemView) {
  return item.parts.map((part) => (part.kind === "component" ? part.instanceId : part.kind));
}

describe("ChoiceList selection", () => {
  it("stores the reply's frames resolved, and draws invalid or unknown ones as diagnostics and fallbacks", async () => {
    const { reply } = await answeredChat("Show a broken component");
    expect(componentIds(reply)).toEqual([
      "text",
      "diagnostic",
      "fallback",
      "broken-neighbour",
      "text",
    ]);
    expect(reply.parts[1]).toMatchObject({ code: "COMPONENT_INVALID_PROPS" });
    expect(reply.parts[2]).toEqual({
      kind: "fallback",
      text: "[unsupported visual: weather-card] Lisbon: sunny, 24 °C.",
      componentKey: "weather-card",
      summary: "Lisbon: sunny, 24 °C.",
    });
  });

  it("sends the choice's label once; the same pick again answers the same; another is refused", async () => {
    const { visitorId, chatId, reply } = await answeredChat("Where should we go next?");
    expect(componentIds(reply)).toEqual(["text", "destination-choice"]);
    const pick = (choiceId: string) =>
      pickFrameChoice({
        visitorId,
        chatId,
        itemId: reply.id,
        instanceId: "destination-choice",
        choiceId,
      });

    const first = await pick("docs");
    expect(first.status).toBe("sent");
    expect(first.event).toEqual({
      protocol: "agentskit.chat.component",
      version: 1,
      type: "select",
      componentKey: "choice-list",
      instanceId: "destination-choice",
      choiceId: "docs",
    });
    expect(await pick("docs")).toEqual(first);
    await expect(pick("demo")).rejects.toMatchObject({ code: "frame-already-answered" });
    expect(await userTexts(visitorId, chatId)).toEqual([
      "Where should we go next?",
      "Documentation",
    ]);

    await runChat(chatId, instant);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.at(-2)?.origin).toMatchObject({
      kind: "frame",
      label: "Documentation",
      granted: false,
    });
    expect(chat.items.at(-1)?.parts[0]).toMatchObject({
      text: expect.stringContaining("Noted: **Documentation**"),
    });
    expect(
      chat.items.find((item) => item.id === reply.id)?.selections["destination-choice"],
    ).toMatchObject({ choiceId: "docs", label: "Documentation" });
  });

  it("records exactly one answer and one message when different picks race", async () => {
    const { visitorId, chatId, reply } = await answeredChat("Where should we go next?");
    const picks = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) =>
        pickFrameChoice({
          visitorId,
          chatId,
          itemId: reply.id,
          instanceId: "destination-choice",
          choiceId: index % 2 ? "docs" : "demo",
        }),
      ),
    );
    const winners = picks
      .filter((pick) => pick.status === "fulfilled")
      .map((pick) => pick.value.selection.choiceId);
    expect(new Set(winners).size).toBe(1);
    for (const pick of picks) {
      if (pick.status === "rejected")
        expect(pick.reason).toMatchObject({ code: "frame-already-answered" });
    }
    expect(await db().frameSelection.count({ where: { itemId: reply.id } })).toBe(1);
    expect(await userTexts(visitorId, chatId)).toHaveLength(2);
  });

  it("decides again under the chat's lock when the log moved between its read and its append, and records once", async () => {
    const { visitorId, chatId, reply } = await answeredChat("Where should we go next?");
    between.move = () => renameChat({ visitorId, chatId, title: "Renamed meanwhile" });
    between.picks = 0;
    const outcome = await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "destination-choice",
      choiceId: "docs",
    });
    // Read in an idle chat, its append found the log moved by the rename: the pick ran again, locked.
    expect(between.picks).toBe(2);
    expect(outcome.status).toBe("sent");
    expect(await db().frameSelection.count({ where: { itemId: reply.id } })).toBe(1);
    expect(await userTexts(visitorId, chatId)).toHaveLength(2);
    const types = (
      await db().chatEvent.findMany({ where: { chatId }, orderBy: { seq: "asc" } })
    ).map((event) => event.type);
    expect(types.indexOf("chat.renamed")).toBeLessThan(types.indexOf("selection.recorded"));
  });

  it("refuses undeclared choices, unknown frames, streaming replies and strangers, writing nothing", async () => {
    const { visitorId, chatId, reply } = await answeredChat("Where should we go next?");
    const base = { visitorId, chatId, itemId: reply.id, instanceId: "destination-choice" };
    await expect(pickFrameChoice({ ...base, choiceId: "elsewhere" })).rejects.toMatchObject({
      code: "refused_choice",
      reason: "COMPONENT_UNKNOWN_CHOICE",
    });
    await expect(
      pickFrameChoice({ ...base, instanceId: "other", choiceId: "docs" }),
    ).rejects.toMatchObject({ code: "frame-not-found" });
    await expect(
      pickFrameChoice({ ...base, visitorId: randomUUID(), choiceId: "docs" }),
    ).rejects.toMatchObject({ code: "chat-not-found" });
    await db().item.update({ where: { id: reply.id }, data: { status: "streaming" } });
    await expect(pickFrameChoice({ ...base, choiceId: "docs" })).rejects.toMatchObject({
      code: "frame-not-answerable",
    });
    expect(await db().frameSelection.count({ where: { itemId: reply.id } })).toBe(0);
    expect(await userTexts(visitorId, chatId)).toHaveLength(1);
  });

  it("answers identical picks that waited for the chat's lock with one selection and one message", async () => {
    const { visitorId, chatId, reply } = await answeredChat("Where should we go next?");
    const pick = () =>
      pickFrameChoice({
        visitorId,
        chatId,
        itemId: reply.id,
        instanceId: "destination-choice",
        choiceId: "docs",
      });
    // Each pick read the list before the first one answered it: it must read again under the lock.
    const outcomes = settled(
      await behindChatLock(
        chatId,
        Array.from({ length: 3 }, () => pick),
      ),
    );
    expect(outcomes[0]).toMatchObject({
      status: "sent",
      selection: { choiceId: "docs", queued: false },
    });
    for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0]);
    expect(await db().frameSelection.count({ where: { itemId: reply.id } })).toBe(1);
    expect(await userTexts(visitorId, chatId)).toEqual([
      "Where should we go next?",
      "Documentation",
    ]);
  });

  it("refuses a chat that does not exist and a reply of another chat, writing nothing", async () => {
    const { visitorId, chatId, reply } = await answeredChat("Where should we go next?");
    const { chatId: otherChatId } = await createChat({
      visitorId,
      message: "Where should we go next?",
    });
    await runChat(otherChatId, instant);
    const base = {
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "destination-choice",
      choiceId: "docs",
    };
    await expect(pickFrameChoice({ ...base, chatId: randomUUID() })).rejects.toMatchObject({
      code: "chat-not-found",
    });
    await expect(pickFrameChoice({ ...base, chatId: otherChatId })).rejects.toMatchObject({
      code: "frame-not-found",
    });
    expect(await db().frameSelection.count({ where: { itemId: reply.id } })).toBe(0);
    expect(
      await db().chatEvent.count({ where: { chatId: otherChatId, type: "selection.recorded" } }),
    ).toBe(0);
    expect(await userTexts(visitorId, otherChatId)).toHaveLength(1);
  });

  it("queues the choice's message behind a running reply", async () => {
    const { visitorId, chatId, reply } = await answeredChat("Where should we go next?");
    await sendMessage({ visitorId, chatId, text: "meanwhile" });
    const outcome = await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "destination-choice",
      choiceId: "demo",
    });
    expect(outcome.status).toBe("queued");
    expect(outcome.selection.queued).toBe(true);
    await runChat(chatId, instant);
    expect(await userTexts(visitorId, chatId)).toEqual([
      "Where should we go next?",
      "meanwhile",
      "Demo",
    ]);
    const answered = (await loadChatView({ visitorId, chatId })).items.find(
      (item) => item.id === reply.id,
    )!;
    expect(answered.selections["destination-choice"]).toMatchObject({ queued: false });
    const replay = await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "destination-choice",
      choiceId: "demo",
    });
    expect(replay.status).toBe("sent");
  });
});

describe("deterministic routes", () => {
  it("send the granted alias once, which the host route answers", async () => {
    const { visitorId, chatId, reply } = await answeredChat("/release");
    expect(await db().deterministicGrant.count({ where: { itemId: reply.id } })).toBe(2);
    await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "release-target",
      choiceId: "staging",
    });
    await runChat(chatId, instant);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.at(-2)?.parts[0]).toEqual({ kind: "text", text: "/release staging" });
    expect(chat.items.at(-2)?.origin).toMatchObject({ granted: true });
    expect(chat.items.at(-1)?.parts[0]).toMatchObject({
      text: expect.stringContaining("Release to **staging** scheduled by the host route"),
    });
    const grant = await db().deterministicGrant.findFirstOrThrow({
      where: { itemId: reply.id, choiceId: "staging" },
    });
    expect(grant.usedAt).not.toBeNull();
  });

  it("send the alias once when identical picks of a granted choice waited for the chat's lock", async () => {
    const { visitorId, chatId, reply } = await answeredChat("/release");
    const pick = () =>
      pickFrameChoice({
        visitorId,
        chatId,
        itemId: reply.id,
        instanceId: "release-target",
        choiceId: "staging",
      });
    const outcomes = settled(await behindChatLock(chatId, [pick, pick]));
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(await userTexts(visitorId, chatId)).toEqual(["/release", "/release staging"]);
    const grant = await db().deterministicGrant.findFirstOrThrow({
      where: { itemId: reply.id, choiceId: "staging" },
    });
    expect(grant.usedAt).not.toBeNull();
  });

  it("give a model-authored imitation nothing: its pick sends the label to the agent", async () => {
    const { visitorId, chatId, reply } = await answeredChat("Imitate the release route");
    await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "release-target",
      choiceId: "production",
    });
    await runChat(chatId, instant);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.at(-2)?.parts[0]).toEqual({ kind: "text", text: "Production" });
    expect(chat.items.at(-1)?.parts[0]).toMatchObject({
      text: expect.stringContaining("Noted: **Production**"),
    });
  });
});

describe("the mock agent's help reply", () => {
  it("offers the starters: a pick sends the starter's exact prompt, which its scenario answers", async () => {
    const { visitorId, chatId, reply } = await answeredChat("please email bob");
    expect(componentIds(reply)).toEqual(["text", "starters"]);
    await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "starters",
      choiceId: "destination",
    });
    await runChat(chatId, instant);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.at(-2)?.parts[0]).toEqual({ kind: "text", text: "Where should we go next?" });
    expect(componentIds(chat.items.at(-1)!)).toEqual(["text", "destination-choice"]);
  });
});

describe("typed actions", () => {
  async function proposal() {
    const { visitorId, chatId, reply } = await answeredChat("Email the release notes");
    const outcome = await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "release-email",
      choiceId: "send",
    });
    expect(outcome.status).toBe("proposed");
    return { visitorId, chatId, reply, token: outcome.selection.confirmationToken! };
  }

  it("propose a confirmation instead of a message, bound to the visitor, input and tool call", async () => {
    const { visitorId, chatId, token } = await proposal();
    const row = await db().actionConfirmation.findUniqueOrThrow({ where: { token } });
    expect(row).toMatchObject({
      visitorId,
      chatId,
      action: "send-email",
      status: "pending",
      input: { to: "ada@example.com", subject: "Release notes", body: "Version 1.4 is out." },
    });
    expect(row.toolCallId).toMatch(/^app-/);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(300_000);
    expect(await userTexts(visitorId, chatId)).toHaveLength(1);
  });

  it("propose one confirmation for identical picks that waited for the chat's lock", async () => {
    const { visitorId, chatId, reply } = await answeredChat("Email the release notes");
    const pick = () =>
      pickFrameChoice({
        visitorId,
        chatId,
        itemId: reply.id,
        instanceId: "release-email",
        choiceId: "send",
      });
    const outcomes = settled(await behindChatLock(chatId, [pick, pick, pick]));
    expect(outcomes[0]).toMatchObject({
      status: "proposed",
      selection: { confirmationToken: expect.stringMatching(/^confirm-/) },
    });
    for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0]);
    expect(await db().actionConfirmation.count({ where: { chatId } })).toBe(1);
    // The page learns of the proposal as it was stored.
    const [event] = await db().chatEvent.findMany({
      where: { chatId, type: "confirmation.updated" },
    });
    const stored = await db().actionConfirmation.findUniqueOrThrow({
      where: { token: outcomes[0]!.selection.confirmationToken! },
    });
    expect(event?.data).toEqual({
      type: "confirmation.updated",
      itemId: reply.id,
      confirmation: toConfirmationView(stored),
    });
  });

  it("run the tool once for any number of approvals, concurrent or repeated", async () => {
    const { visitorId, chatId, token } = await proposal();
    const execute = vi.spyOn(sendEmailTool, "execute");
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        decideConfirmation({ visitorId, chatId, token, decision: "approve" }),
      ),
    );
    const again = await decideConfirmation({ visitorId, chatId, token, decision: "approve" });
    const ids = new Set([...results, again].map((view) => JSON.stringify(view.outcome)));
    expect(ids.size).toBe(1);
    expect(again).toMatchObject({
      status: "approved",
      outcome: { kind: "executed", result: { delivered: true, to: "ada@example.com" } },
    });
    expect(execute).toHaveBeenCalledTimes(1);
    execute.mockRestore();
    // Every state the handle passed through reached the chat's event log with it.
    const events = await db().chatEvent.findMany({
      where: { chatId, type: "confirmation.updated" },
      orderBy: { seq: "asc" },
    });
    expect(
      events.map(
        (event) => (event.data as { confirmation: { status: string } }).confirmation.status,
      ),
    ).toEqual(["pending", "approving", "approved"]);
  });

  it("run the tool once when separate instances approve at the same moment", async () => {
    const { visitorId, token } = await proposal();
    const execute = vi.spyOn(sendEmailTool, "execute");
    // Each instance has its own in-process sharing; only the compare-and-swap in Postgres is common.
    await Promise.all(Array.from({ length: 4 }, () => createDecisions().approve(token, visitorId)));
    expect(execute).toHaveBeenCalledTimes(1);
    execute.mockRestore();
    expect(await db().actionConfirmation.findUniqueOrThrow({ where: { token } })).toMatchObject({
      status: "approved",
    });
  });

  it("keep a rejected handle rejected", async () => {
    const { visitorId, chatId, token } = await proposal();
    expect(
      await decideConfirmation({ visitorId, chatId, token, decision: "reject" }),
    ).toMatchObject({ status: "rejected" });
    await expect(
      decideConfirmation({ visitorId, chatId, token, decision: "approve" }),
    ).rejects.toMatchObject({ code: "confirmation-settled" });
    expect(await db().actionConfirmation.findUniqueOrThrow({ where: { token } })).toMatchObject({
      status: "rejected",
      outcome: { kind: "rejected" },
    });
  });

  it("deny an expired handle and say so", async () => {
    const { visitorId, chatId, token } = await proposal();
    await db().actionConfirmation.update({
      where: { token },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    await expect(
      decideConfirmation({ visitorId, chatId, token, decision: "approve" }),
    ).rejects.toMatchObject({ code: "confirmation-expired" });
    expect(await db().actionConfirmation.findUniqueOrThrow({ where: { token } })).toMatchObject({
      status: "expired",
      outcome: { kind: "expired" },
    });
  });

  it("hide a handle from another visitor", async () => {
    const { chatId, token } = await proposal();
    await expect(
      decideConfirmation({ visitorId: randomUUID(), chatId, token, decision: "approve" }),
    ).rejects.toMatchObject({ code: "chat-not-found" });
    expect(await db().actionConfirmation.findUniqueOrThrow({ where: { token } })).toMatchObject({
      status: "pending",
    });
  });

  it("refuse an unregistered tool or invalid input, and write nothing", async () => {
    const { visitorId, chatId, reply } = await answeredChat("Propose actions the app must refuse");
    const pick = (choiceId: string) =>
      pickFrameChoice({
        visitorId,
        chatId,
        itemId: reply.id,
        instanceId: "unsafe-actions",
        choiceId,
      });
    await expect(pick("wipe")).rejects.toMatchObject({
      code: "action-refused",
      reason: "ACTION_UNREGISTERED",
    });
    await expect(pick("bad-address")).rejects.toMatchObject({
      code: "action-refused",
      reason: "ACTION_INVALID_INPUT",
    });
    expect(await db().frameSelection.count({ where: { itemId: reply.id } })).toBe(0);
    expect(await db().actionConfirmation.count({ where: { chatId } })).toBe(0);
  });
});
