import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { db, disconnectDb } from "@/lib/db/client";
import { replayedChat } from "@/scripts/test/replay-log";
import { behindChatLock } from "../../../scripts/test/contention";
import { pickFrameChoice } from "../answers/selections";
import { runChat } from "../turns/run";
import type { ChatView } from "../wire";
import { loadChatView } from "./chat-view";
import { createChat } from "./manage";
import { sendMessage } from "./send-message";
import { editMessage } from "./edit";

afterAll(async () => {
  await disconnectDb();
});

const instant = createMockAgent({ deltaMs: 0 });
// Scenario prompts (lib/agent/scenarios.ts): the mock answers only these.
const LIST = "Where should we go next?";
const STORY = "Tell me a long story";

async function finishedChat(message = LIST) {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message });
  await runChat(chatId, instant);
  const chat = await loadChatView({ visitorId, chatId });
  const [message1, reply] = chat.items;
  return { visitorId, chatId, message: message1!, reply: reply! };
}

async function counts(chatId: string) {
  const [items, turns, events, queued] = await Promise.all([
    db().item.count({ where: { chatId } }),
    db().turn.count({ where: { chatId } }),
    db().chatEvent.count({ where: { chatId } }),
    db().queuedMessage.count({ where: { chatId } }),
  ]);
  return { items, turns, events, queued };
}

/** A person's messages by their text, replies as "reply". */
const texts = (chat: ChatView) =>
  chat.items.map((item) =>
    item.role === "user" && item.parts[0]?.kind === "text" ? `user:${item.parts[0].text}` : "reply",
  );

describe("editing a message", () => {
  it("replaces the message and every item after it with the new text, whose turn runs; the log draws the same", async () => {
    const { visitorId, chatId, message, reply } = await finishedChat();
    const edited = await editMessage({ visitorId, chatId, itemId: message.id, text: STORY });
    expect(edited).toMatchObject({ status: "sent" });
    expect(edited.itemId).not.toBe(message.id);
    await runChat(chatId, instant);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.map((item) => item.id)).not.toContain(reply.id);
    expect(texts(chat)).toEqual([`user:${STORY}`, "reply"]);
    expect(chat.items[0]!.position).toBeGreaterThan(reply.position);
    const page = await replayedChat(chatId);
    expect(page.items.map((item) => [item.id, item.status])).toEqual(
      chat.items.map((item) => [item.id, item.status]),
    );
  });

  it("refuses while a reply runs or waits, for a reply or an answer, for an item not in the chat, and for a stranger, writing nothing", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: LIST });
    const waiting = (await loadChatView({ visitorId, chatId })).items[0]!;
    const edit = (itemId: string, who = visitorId) =>
      editMessage({ visitorId: who, chatId, itemId, text: STORY });
    let before = await counts(chatId);
    await expect(edit(waiting.id)).rejects.toMatchObject({ code: "edit-while-replying" });
    expect(await counts(chatId)).toEqual(before);

    await runChat(chatId, instant);
    const reply = (await loadChatView({ visitorId, chatId })).items[1]!;
    await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "destination-choice",
      choiceId: "docs",
    });
    await runChat(chatId, instant);
    const picked = (await loadChatView({ visitorId, chatId })).items.find(
      (item) => item.origin?.kind === "frame",
    )!;
    before = await counts(chatId);
    await expect(edit(reply.id)).rejects.toMatchObject({ code: "not-editable" });
    await expect(edit(picked.id)).rejects.toMatchObject({ code: "not-editable" });
    await expect(edit(waiting.id)).rejects.toMatchObject({ code: "edit-after-answer" });
    await expect(edit(randomUUID())).rejects.toMatchObject({ code: "item-not-found" });
    await expect(edit(waiting.id, randomUUID())).rejects.toMatchObject({ code: "chat-not-found" });
    expect(await counts(chatId)).toEqual(before);
  });

  it("edits a message after an answered exchange, keeping that exchange whole", async () => {
    const { visitorId, chatId, reply } = await finishedChat();
    await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "destination-choice",
      choiceId: "docs",
    });
    await runChat(chatId, instant);
    await sendMessage({ visitorId, chatId, text: STORY });
    await runChat(chatId, instant);
    const before = await loadChatView({ visitorId, chatId });
    const last = before.items.findLast((item) => item.role === "user")!;
    await editMessage({ visitorId, chatId, itemId: last.id, text: LIST });
    const after = await loadChatView({ visitorId, chatId });
    expect(after.items.slice(0, 4)).toEqual(before.items.slice(0, 4));
    expect(after.items[1]!.selections["destination-choice"]).toMatchObject({ choiceId: "docs" });
    expect(texts(after).slice(4)).toEqual([`user:${LIST}`]);
  });

  it("lets exactly one of an edit and a pick on the reply after it win, leaving nothing half-written", async () => {
    for (const order of [true, false]) {
      const { visitorId, chatId, message, reply } = await finishedChat();
      const edit = () => editMessage({ visitorId, chatId, itemId: message.id, text: STORY });
      const pick = () =>
        pickFrameChoice({
          visitorId,
          chatId,
          itemId: reply.id,
          instanceId: "destination-choice",
          choiceId: "docs",
        });
      const results = await behindChatLock<unknown>(chatId, order ? [edit, pick] : [pick, edit], {
        inOrder: true,
      });
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected"]);
      const chat = await loadChatView({ visitorId, chatId });
      const selections = await db().frameSelection.count({ where: { item: { chatId } } });
      if (order) {
        expect(results[1]).toMatchObject({ reason: { code: "frame-not-found" } });
        expect(texts(chat)).toEqual([`user:${STORY}`]);
        expect(selections).toBe(0);
      } else {
        expect(results[1]).toMatchObject({ reason: { code: "edit-while-replying" } });
        expect(texts(chat)).toEqual([`user:${LIST}`, "reply", "user:Documentation"]);
        expect(selections).toBe(1);
      }
    }
  });

  it("lets one of two edits of the same message win (two tabs); the other is refused", async () => {
    const { visitorId, chatId, message } = await finishedChat();
    const edit = (text: string) => () =>
      editMessage({ visitorId, chatId, itemId: message.id, text });
    const results = await behindChatLock<unknown>(chatId, [edit(STORY), edit(LIST)]);
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({
      reason: { code: expect.stringMatching(/^(edit-while-replying|item-not-found)$/) },
    });
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items).toHaveLength(1);
    expect(await db().turn.count({ where: { chatId, status: "running" } })).toBe(1);
  });
});
