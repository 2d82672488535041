import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { createChat } from "../chats/manage";
import { lockChat } from "../store/chats";
import { writeChat } from "../store/log";
import { behindChatLock } from "../../../scripts/test/contention";
import { claimTurn } from "./claim";

afterAll(async () => {
  await disconnectDb();
});

describe("claiming a turn", () => {
  it("binds one reply when claims race, each having read before any wrote", async () => {
    const { chatId } = await createChat({ visitorId: randomUUID(), message: "who runs this?" });
    const results = await behindChatLock(
      chatId,
      Array.from({ length: 3 }, () => () => claimTurn(chatId)),
    );
    const claims = results.map((result) =>
      result.status === "fulfilled" ? result.value : result.reason,
    );
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
    const replies = await db().item.findMany({ where: { chatId, role: "assistant" } });
    expect(replies).toHaveLength(1);
    const turn = await db().turn.findFirstOrThrow({ where: { chatId } });
    expect(turn.replyItemId).toBe(replies[0]!.id);
    // Nobody runs the claimed turn: the chat goes, so no recovery elsewhere finds it.
    await db().chat.delete({ where: { id: chatId } });
  });

  it("reads again when the chat's log moved between its read and its write, and claims", async () => {
    const { chatId } = await createChat({ visitorId: randomUUID(), message: "still mine?" });
    const [result] = await behindChatLock(chatId, [() => claimTurn(chatId)], {
      whileHeld: async (tx) =>
        writeChat(await lockChat(tx, { chatId }), {
          events: [{ type: "chat.renamed", title: "Renamed while the claim waited" }],
        }),
    });
    expect(result).toMatchObject({ status: "fulfilled", value: { message: "still mine?" } });
    const replies = await db().item.findMany({ where: { chatId, role: "assistant" } });
    expect(replies).toHaveLength(1);
    expect((await db().turn.findFirstOrThrow({ where: { chatId } })).replyItemId).toBe(
      replies[0]!.id,
    );
    await db().chat.delete({ where: { id: chatId } });
  });

  it("claims for the chat's owner with the message it answers, and finds nothing in a deleted chat", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "first" });
    const first = await claimTurn(chatId);
    expect(first).toMatchObject({ visitorId, message: "first", history: [], route: null });
    await db().chat.delete({ where: { id: chatId } });
    expect(await claimTurn(chatId)).toBeNull();
  });
});
