import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { Agent } from "@/lib/agent/agent";
import { db, disconnectDb } from "@/lib/db/client";
import { loadChatView } from "../chats/chat-view";
import { createChat, deleteChat } from "../chats/manage";
import { settleStaleClaims } from "../answers/confirmations";
import { recoverChats } from "./recover";
import { recoverTurns } from "../turns/recover";
import { runChat } from "../turns/run";
import { strandedChat } from "@/scripts/test/stranded-chat";

afterAll(async () => {
  await disconnectDb();
});

const echo: Agent = {
  async *reply({ message }) {
    yield { type: "text", text: `re: ${message}` };
  },
};

const statuses = async (visitorId: string, chatId: string) =>
  (await loadChatView({ visitorId, chatId })).items.map((item) => `${item.role}:${item.status}`);

describe("recovery before a request touches a chat", () => {
  it("interrupts a turn whose process died and hands back the queued message's turn", async () => {
    const { visitorId, chatId } = await strandedChat();
    expect(await recoverChats({ visitorId, chatId })).toEqual([chatId]);
    await runChat(chatId, echo);
    expect(await statuses(visitorId, chatId)).toEqual([
      "user:complete",
      "assistant:interrupted",
      "user:complete",
      "assistant:complete",
    ]);
  });

  it("counts a state-changing request in the statement that finds what to recover", async () => {
    const { visitorId, chatId } = await strandedChat();
    expect(await recoverChats({ visitorId, chatId }, { count: true })).toEqual([chatId]);
    expect(
      await db().requestWindow.findUnique({ where: { visitorId }, select: { count: true } }),
    ).toEqual({ count: 1 });
    expect(await db().turn.count({ where: { chatId, status: "interrupted" } })).toBe(1);
  });

  it("hands back a turn nobody claimed, lease live or not, without touching it", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "never started" });
    const before = await db().turn.findFirstOrThrow({ where: { chatId } });
    expect(await recoverChats({ visitorId, chatId })).toEqual([chatId]);
    expect(await db().turn.findFirstOrThrow({ where: { chatId } })).toEqual(before);
    await runChat(chatId, echo);
    expect(await statuses(visitorId, chatId)).toEqual(["user:complete", "assistant:complete"]);
  });

  it("recovers every chat of the visitor listing them, and nothing of anyone else", async () => {
    const visitorId = randomUUID();
    const [mine, alsoMine, theirs] = [
      await strandedChat(visitorId),
      await strandedChat(visitorId),
      await strandedChat(),
    ];
    expect((await recoverChats({ visitorId })).sort()).toEqual(
      [mine.chatId, alsoMine.chatId].sort(),
    );
    expect(await recoverChats({ visitorId, chatId: theirs.chatId })).toEqual([]);
    expect(
      await db().turn.count({
        where: { chatId: theirs.chatId, status: "running", replyItemId: { not: null } },
      }),
    ).toBe(1);
    await Promise.all([
      runChat(mine.chatId, echo),
      runChat(alsoMine.chatId, echo),
      runChat(theirs.chatId, echo),
    ]);
    expect(await db().turn.count({ where: { chatId: theirs.chatId, status: "interrupted" } })).toBe(
      0,
    );
  });
});

describe("a chat deleted between the recover's look and its lock", () => {
  it("is skipped, and the rest of the chats recover", async () => {
    const gone = await strandedChat();
    const kept = await strandedChat();
    const turnOf = async (chatId: string) =>
      (await db().turn.findFirstOrThrow({ where: { chatId, replyItemId: { not: null } } })).id;
    const found = [
      { id: await turnOf(gone.chatId), chatId: gone.chatId },
      { id: await turnOf(kept.chatId), chatId: kept.chatId },
    ];
    await deleteChat(gone);
    expect(await recoverTurns(found)).toEqual([kept.chatId]);
    expect(await settleStaleClaims([gone.chatId])).toEqual({ recovered: 0, chats: [] });
    await runChat(kept.chatId, echo);
  });
});
