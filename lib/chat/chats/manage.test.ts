import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Agent } from "@/lib/agent/agent";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { pause } from "@/lib/agent/pacing";
import { db, disconnectDb } from "@/lib/db/client";
import { loadChatView } from "./chat-view";
import { createChat, deleteChat, listChats, renameChat } from "./manage";
import { pickFrameChoice } from "../answers/selections";
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

describe("listing chats", () => {
  it("gives each chat the start of its last message with text, as plain text, in one statement", async () => {
    const visitorId = randomUUID();
    const story = await createChat({ visitorId, message: "Tell me a long story" });
    await runChat(story.chatId, createMockAgent({ deltaMs: 0 }));
    const silent: Agent = { async *reply() {} };
    const asked = await createChat({ visitorId, message: "**Plan** the _launch_" });
    await runChat(asked.chatId, silent);
    const empty = await createChat({ visitorId });
    const raw = vi.spyOn(db(), "$queryRaw");
    const listed = await listChats({ visitorId });
    expect(raw).toHaveBeenCalledTimes(1);
    raw.mockRestore();
    const byId = new Map(listed.map((chat) => [chat.id, chat.lastMessage]));
    const told = byId.get(story.chatId)!;
    expect(told.fromYou).toBe(false);
    expect(told.text).toMatch(/^The lighthouse keeper's ledger Every evening the keeper wrote/);
    expect(told.text.length).toBeLessThanOrEqual(120);
    expect(told.text).toMatch(/…$/);
    // The silent reply has no text: the last word is the person's own, its marks dropped.
    expect(byId.get(asked.chatId)).toEqual({ fromYou: true, text: "Plan the launch" });
    expect(byId.get(empty.chatId)).toBeNull();
  });
});

describe("renaming a chat", () => {
  it("stores the trimmed title and tells every page", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "hello" });
    expect(await renameChat({ visitorId, chatId, title: "  Launch plan  " })).toEqual({
      chatId,
      title: "Launch plan",
    });
    expect((await loadChatView({ visitorId, chatId })).title).toBe("Launch plan");
    const last = await db().chatEvent.findFirstOrThrow({
      where: { chatId },
      orderBy: { seq: "desc" },
    });
    expect(last.data).toEqual({ type: "chat.renamed", title: "Launch plan" });
    await expect(
      renameChat({ visitorId: randomUUID(), chatId, title: "mine now" }),
    ).rejects.toMatchObject({ code: "chat-not-found" });
  });
});

describe("deleting a chat", () => {
  it("removes the chat and everything in it, confirmations too, and only for its owner", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "Email the release notes" });
    await runChat(chatId, createMockAgent({ deltaMs: 0 }));
    const reply = (await loadChatView({ visitorId, chatId })).items[1]!;
    await pickFrameChoice({
      visitorId,
      chatId,
      itemId: reply.id,
      instanceId: "release-email",
      choiceId: "send",
    });

    await expect(deleteChat({ visitorId: randomUUID(), chatId })).rejects.toMatchObject({
      code: "chat-not-found",
    });
    expect(await db().chat.count({ where: { id: chatId } })).toBe(1);

    expect(await deleteChat({ visitorId, chatId })).toEqual({ chatId, deleted: true });
    const left = await Promise.all([
      db().chat.count({ where: { id: chatId } }),
      db().item.count({ where: { chatId } }),
      db().chatEvent.count({ where: { chatId } }),
      db().turn.count({ where: { chatId } }),
      db().actionConfirmation.count({ where: { chatId } }),
      db().frameSelection.count({ where: { itemId: reply.id } }),
    ]);
    expect(left).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await listChats({ visitorId })).toEqual([]);
    await expect(loadChatView({ visitorId, chatId })).rejects.toMatchObject({
      code: "chat-not-found",
    });
  });

  it("stops a reply that is still being written, which then writes nothing", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "go on" });
    let written = 0;
    const endless: Agent = {
      async *reply({ signal }) {
        while (!signal.aborted) {
          await pause(20, signal);
          written++;
          yield { type: "text", text: "more " };
        }
      },
    };
    const running = runChat(chatId, endless);
    await expect.poll(() => written, { timeout: 10_000 }).toBeGreaterThan(3);
    await deleteChat({ visitorId, chatId });
    await running;
    expect(await db().item.count({ where: { chatId } })).toBe(0);
  });
});
