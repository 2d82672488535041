import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { db, disconnectDb } from "@/lib/db/client";
import { createChat, listChats, sendMessage } from "./chats";
import { lockChat } from "../store/chats";
import { writeChat } from "../store/log";
import { behindChatLock } from "../../../scripts/test/contention";
import { runChat } from "../turns/run";

afterAll(async () => {
  await disconnectDb();
});

describe("creating chats", () => {
  it("lets a new visitor's first requests run at once without a conflict", async () => {
    const visitorId = randomUUID();
    const created = await Promise.allSettled(
      Array.from({ length: 10 }, () => createChat({ visitorId })),
    );
    expect(created.map((result) => result.status)).toEqual(Array(10).fill("fulfilled"));
    expect(await db().chat.count({ where: { visitorId } })).toBe(10);
  });

  it("caps a visitor's chats exactly, however many creations race, and writes nothing past the cap", async () => {
    const visitorId = randomUUID();
    const created = await Promise.allSettled(
      Array.from({ length: 12 }, () => createChat({ visitorId, maxChats: 5 })),
    );
    expect(created.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    const refusals = created
      .filter((result) => result.status === "rejected")
      .map((result) => (result as PromiseRejectedResult).reason);
    expect(
      refusals.map((error: { code: string; status: number }) => [error.code, error.status]),
    ).toEqual(Array(7).fill(["too-many-chats", 409]));
    await expect(createChat({ visitorId, message: "one more", maxChats: 5 })).rejects.toMatchObject(
      { code: "too-many-chats" },
    );
    expect(await db().chat.count({ where: { visitorId } })).toBe(5);
    expect(await createChat({ visitorId: randomUUID(), maxChats: 5 })).toMatchObject({
      status: null,
    });
  });

  it("counts new visitors against their network address, refuses past the limit writing nothing, and never counts a returning one", async () => {
    // Unique per run, so a rerun on the same database starts with an empty window.
    const address = `198.51.100.7 ${randomUUID()}`;
    const newVisitorLimit = { requests: 3, windowSeconds: 3_600 };
    const visitors = Array.from({ length: 5 }, () => randomUUID());
    const created = await Promise.allSettled(
      visitors.map((visitorId) => createChat({ visitorId, address, newVisitorLimit })),
    );
    expect(created.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    const refused = visitors.filter((_, index) => created[index]!.status === "rejected");
    expect(
      created
        .filter((result) => result.status === "rejected")
        .map((result) => (result as PromiseRejectedResult).reason),
    ).toEqual(
      Array(2).fill(
        expect.objectContaining({
          code: "rate-limited",
          status: 429,
          retryAfterSeconds: expect.any(Number),
        }),
      ),
    );
    // A refused visitor left nothing behind: no visitor row, no chat.
    expect(await db().visitor.count({ where: { id: { in: refused } } })).toBe(0);
    expect(await db().chat.count({ where: { visitorId: { in: refused } } })).toBe(0);
    // A visitor that already has a chat is not new; another address, or none named, has its own budget.
    const returning = visitors.find((visitorId) => !refused.includes(visitorId))!;
    await expect(
      createChat({ visitorId: returning, address, newVisitorLimit }),
    ).resolves.toMatchObject({ status: null });
    await expect(
      createChat({ visitorId: randomUUID(), address: `${address}-other`, newVisitorLimit }),
    ).resolves.toMatchObject({ status: null });
    await expect(
      createChat({ visitorId: randomUUID(), address: null, newVisitorLimit }),
    ).resolves.toMatchObject({ status: null });
  });

  it("cuts a long title between characters, never inside a surrogate pair", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: `a${"🚀".repeat(70)}` });
    // Its turn is run here, so no server sharing this database finds it waiting.
    await runChat(chatId, createMockAgent({ deltaMs: 0 }));
    const [chat] = await listChats({ visitorId });
    expect(chat!.title).toBe(`a${"🚀".repeat(56)}…`);
  });
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
