import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db, disconnectDb, readDatabaseUrl } from "@/lib/db/client";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { COMPONENT_PROTOCOL, COMPONENT_PROTOCOL_VERSION } from "@/lib/component-frames";
import { choiceIdByLabel } from "@/scripts/test/block-fixtures";
import { openSession } from "@/scripts/db/session";
import { pickUiChoice } from "../answers/ui-choice";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { sendMessage } from "../chats/send-message";
import { CHAT_EVENTS_CHANNEL } from "./channel";
import { pickFrameChoice } from "../answers/selections";
import { regenerateReply } from "../turns/regenerate";
import { runChat } from "../turns/run";
import { chatTransaction, lockChat } from "./chats";
import { loadItemView } from "./items";
import { type ChatWrite, writeChat, writeIfLogUnchanged } from "./log";
import { setTurnOutcome, turnStart } from "./turns";

afterAll(async () => {
  await disconnectDb();
});

describe("writeChat", () => {
  it("appends events with the next sequence numbers in one statement and notifies listeners on commit", async () => {
    const { chatId } = await createChat({ visitorId: randomUUID() });
    const listener = openSession(readDatabaseUrl());
    try {
      let notify: (payload: string) => void = () => {};
      const notified = new Promise<string>((resolve) => (notify = resolve));
      await listener.listen(CHAT_EVENTS_CHANNEL, (payload) => {
        if (payload.startsWith(chatId)) notify(payload);
      });
      const last = await db().$transaction(async (tx) =>
        writeChat(await lockChat(tx, { chatId }), {
          events: [
            { type: "turn.started", turnId: "a" },
            { type: "turn.ended", turnId: "a", status: "finished" },
          ],
        }),
      );
      expect(await notified).toBe(`${chatId}:${last}`);
      const rows = await db().chatEvent.findMany({
        where: { chatId },
        orderBy: { seq: "asc" },
        select: { seq: true, type: true },
      });
      expect(rows).toEqual([
        { seq: last - 1, type: "turn.started" },
        { seq: last, type: "turn.ended" },
      ]);
    } finally {
      await listener.end();
    }
  });
});

describe("writeIfLogUnchanged", () => {
  it("writes nothing, of any kind of write, once the log has moved past what its read saw", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "Email the release notes" });
    await runChat(chatId, createMockAgent({ deltaMs: 0 }));
    const itemId = (await loadChatView({ visitorId, chatId })).items[1]!.id;
    await db().deterministicGrant.create({
      data: { itemId, instanceId: "release-email", choiceId: "send", alias: "Send it" },
    });
    const seen = await db().chat.findUniqueOrThrow({ where: { id: chatId } });
    await sendMessage({ visitorId, chatId, text: "One more thing" });
    const before = await rowCounts(chatId);

    const at = new Date();
    const pick = {
      itemId,
      instanceId: "release-email",
      choiceId: "send",
      label: "Send",
      at,
      queued: false,
      messageId: null,
      queuedId: null,
    };
    const started = turnStart(seen, { text: "Send it" });
    const writes: ChatWrite[] = [
      {
        kind: "selection",
        selection: {
          ...pick,
          id: randomUUID(),
          event: {
            protocol: COMPONENT_PROTOCOL,
            version: COMPONENT_PROTOCOL_VERSION,
            type: "select",
            componentKey: "choice-list",
            instanceId: "release-email",
            choiceId: "send",
          },
          attempt: 1,
          confirmationToken: null,
        },
      },
      { kind: "grantUse", grant: { itemId, instanceId: "release-email", choiceId: "send", at } },
      {
        kind: "answer",
        answer: {
          ...pick,
          id: randomUUID(),
          blockId: "b",
          revision: 1,
          values: {},
          readings: {},
          sourceAt: at,
          older: false,
          turnId: null,
        },
      },
      {
        kind: "proposal",
        proposal: {
          origin: { chatId, itemId, instanceId: "release-email", choiceId: "send" },
          record: {
            token: `confirm-${randomUUID()}`,
            sessionId: visitorId,
            action: "send_email",
            input: {},
            toolCallId: "app-1",
            createdAt: at.getTime(),
            expiresAt: at.getTime() + 60_000,
            status: "pending",
            settledAt: null,
            outcome: null,
          },
        },
      },
      ...started.writes,
    ];
    expect(
      await writeIfLogUnchanged(chatId, seen.lastEventSeq, {
        events: started.events,
        writes,
        chat: started.chat,
      }),
    ).toBe(false);
    expect(await rowCounts(chatId)).toEqual(before);
  });
});

async function rowCounts(chatId: string) {
  const items = { item: { chatId } };
  return {
    events: await db().chatEvent.count({ where: { chatId } }),
    items: await db().item.count({ where: { chatId } }),
    turns: await db().turn.count({ where: { chatId } }),
    selections: await db().frameSelection.count({ where: items }),
    answers: await db().uiAnswer.count({ where: items }),
    confirmations: await db().actionConfirmation.count({ where: { chatId } }),
    usedGrants: await db().deterministicGrant.count({ where: { ...items, usedAt: { not: null } } }),
  };
}

describe("chatTransaction", () => {
  it("rolls back a write under the chat lock whose events were never appended", async () => {
    const { chatId } = await createChat({ visitorId: randomUUID(), message: "Plan the release" });
    const { activeTurnId } = await db().chat.findUniqueOrThrow({ where: { id: chatId } });
    const stray = chatTransaction(async (tx) =>
      setTurnOutcome(await lockChat(tx, { chatId }), activeTurnId!, "failed"),
    );
    await expect(stray).rejects.toThrow("appended no event");
    expect(
      await db().turn.findUniqueOrThrow({ where: { id: activeTurnId! }, select: { status: true } }),
    ).toEqual({ status: "running" });
  });
});

describe("loadItemView", () => {
  it("reads an item with its selections, confirmations, answers and frozen readings as the chat page does", async () => {
    const visitorId = randomUUID();
    const instant = createMockAgent({ deltaMs: 0 });
    const { chatId } = await createChat({ visitorId, message: "Email the release notes" });
    await runChat(chatId, instant);
    const proposal = (await loadChatView({ visitorId, chatId })).items[1]!;
    await pickFrameChoice({
      visitorId,
      chatId,
      itemId: proposal.id,
      instanceId: "release-email",
      choiceId: "send",
    });
    await sendMessage({ visitorId, chatId, text: "Triage the failing build" });
    await runChat(chatId, instant);
    const triage = (await loadChatView({ visitorId, chatId })).items.at(-1)!;
    const block = Object.values(triage.blocks)[0]!;
    const reads = { $runs: triage.readings[block.id]!["$runs"]!.readId! };
    const choiceId = choiceIdByLabel(block.nodes, "Summarise for the team");
    await pickUiChoice({
      visitorId,
      chatId,
      itemId: triage.id,
      blockId: block.id,
      revision: triage.revision,
      choiceId,
      values: {},
      reads,
    });

    const page = await loadChatView({ visitorId, chatId });
    const [withProposal, withAnswer] = [
      page.items[1]!,
      page.items.find((item) => item.id === triage.id)!,
    ];
    expect(Object.keys(withProposal.selections)).toEqual(["release-email"]);
    expect(Object.keys(withProposal.confirmations)).toHaveLength(1);
    expect(Object.keys(withAnswer.uiAnswers)).toEqual([block.id]);
    expect(Object.keys(withAnswer.readings[block.id]!)).toEqual(["$runs"]);
    for (const item of page.items)
      expect(await db().$transaction((tx) => loadItemView(tx, item.id))).toEqual(item);
  });

  it("is what a turn's end appends as the completed item, which the end builds without reading it back", async () => {
    const visitorId = randomUUID();
    const instant = createMockAgent({ deltaMs: 0 });
    // A live block, whose first readings are frozen as the reply ends, then written again (a kept version).
    const { chatId } = await createChat({ visitorId, message: "Triage the failing build" });
    await runChat(chatId, instant);
    const replyId = (await loadChatView({ visitorId, chatId })).items[1]!.id;
    await regenerateReply({ chatId, visitorId, itemId: replyId });
    await runChat(chatId, instant);

    const completed = await db().chatEvent.findMany({
      where: { chatId, type: "item.completed" },
      orderBy: { seq: "asc" },
    });
    expect(completed).toHaveLength(2);
    const latest = (completed[1]!.data as { item: unknown }).item;
    const stored = await db().$transaction((tx) => loadItemView(tx, replyId));
    expect(Object.keys(stored.readings)).toHaveLength(1);
    expect(stored.versions).toHaveLength(1);
    expect(latest).toEqual(JSON.parse(JSON.stringify(stored)));
  });
});
