import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { db, disconnectDb } from "@/lib/db/client";
import { createChat } from "./manage";
import { sendMessage } from "./send-message";
import { lockChat } from "../store/chats";
import { writeChat } from "../store/log";
import { behindChatLock } from "../../../scripts/test/contention";
import { runChat } from "../turns/run";

afterAll(async () => {
  await disconnectDb();
});

describe("sending to an idle chat", () => {
  /** A chat with one finished exchange: nothing runs, so the next message is sent at once. */
  async function idleChat() {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "hello" });
    await runChat(chatId, createMockAgent({ deltaMs: 0 }));
    return { visitorId, chatId };
  }

  it("sends one of two racing messages and queues the other behind its turn", async () => {
    const { visitorId, chatId } = await idleChat();
    const results = await behindChatLock(
      chatId,
      ["first", "second"].map((text) => () => sendMessage({ visitorId, chatId, text })),
    );
    const statuses = results.map((result) =>
      result.status === "fulfilled" ? result.value.status : result.reason,
    );
    expect([...statuses].sort()).toEqual(["queued", "sent"]);
    expect(await db().turn.count({ where: { chatId, status: "running" } })).toBe(1);
    expect(await db().queuedMessage.count({ where: { chatId, dispatchedAt: null } })).toBe(1);
    await runChat(chatId, createMockAgent({ deltaMs: 0 }));
    expect(await db().item.count({ where: { chatId, role: "user" } })).toBe(3);
  });

  it("reads the chat again when its log moved between the read and the write, and sends", async () => {
    const { visitorId, chatId } = await idleChat();
    const [result] = await behindChatLock(
      chatId,
      [() => sendMessage({ visitorId, chatId, text: "still idle?" })],
      {
        whileHeld: async (tx) =>
          writeChat(await lockChat(tx, { chatId }), {
            events: [{ type: "chat.renamed", title: "Renamed while the message waited" }],
          }),
      },
    );
    expect(result).toMatchObject({ status: "fulfilled", value: { status: "sent" } });
    const message = await db().item.findFirstOrThrow({ where: { chatId, content: "still idle?" } });
    expect(message.position).toBe(3);
    expect(
      await db().turn.count({ where: { chatId, status: "running", triggerItemId: message.id } }),
    ).toBe(1);
  });

  it("is refused for a chat of another visitor, writing nothing", async () => {
    const { chatId } = await idleChat();
    const before = await db().chat.findUniqueOrThrow({ where: { id: chatId } });
    await expect(
      sendMessage({ visitorId: randomUUID(), chatId, text: "not mine" }),
    ).rejects.toMatchObject({ code: "chat-not-found" });
    expect(await db().chat.findUniqueOrThrow({ where: { id: chatId } })).toEqual(before);
  });
});
