import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { Agent } from "@/lib/agent/agent";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { pause } from "@/lib/agent/pacing";
import { db, disconnectDb } from "@/lib/db/client";
import { createChat, listChats, loadChatView } from "./chats";
import { deleteChat, renameChat } from "./manage";
import { selectFrameChoice } from "../answers/selections";
import { runChat } from "../turns/run";

afterAll(async () => {
  await disconnectDb();
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
    await selectFrameChoice({
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
    const driving = runChat(chatId, endless);
    await expect.poll(() => written, { timeout: 10_000 }).toBeGreaterThan(3);
    await deleteChat({ visitorId, chatId });
    await driving;
    expect(await db().item.count({ where: { chatId } })).toBe(0);
  });
});
