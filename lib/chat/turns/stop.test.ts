import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { Agent } from "@/lib/agent/agent";
import { pause } from "@/lib/agent/pacing";
import { db, disconnectDb } from "@/lib/db/client";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { sendMessage } from "../chats/send-message";
import { recoverStaleTurns } from "./recover";
import { runChat } from "./run";
import { requestStop } from "./stop";

afterAll(async () => {
  await disconnectDb();
});

/** An agent that writes a word every 20 ms for as long as it is let, and stops when told. */
const endless: Agent = {
  async *reply({ message, signal }) {
    if (message !== "go on") {
      yield { type: "text", text: `re: ${message}` };
      return;
    }
    for (let word = 0; !signal.aborted; word++) {
      await pause(20, signal);
      yield { type: "text", text: `word${word} ` };
    }
  },
};

const texts = async (visitorId: string, chatId: string) =>
  (await loadChatView({ visitorId, chatId })).items.map(
    (item) =>
      `${item.role}:${item.status}:${item.parts
        .map((part) => ("text" in part ? part.text : ""))
        .join("")
        .slice(0, 12)}`,
  );

describe("Stop", () => {
  it("ends the running reply as stopped, keeps what it wrote, and moves on to the queue", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "go on" });
    await sendMessage({ visitorId, chatId, text: "after" });
    const running = runChat(chatId, endless);
    const reply = async () => {
      const chat = await loadChatView({ visitorId, chatId });
      return chat.items[1]?.parts.map((part) => ("text" in part ? part.text : "")).join("") ?? "";
    };
    await expect.poll(reply, { timeout: 10_000 }).toMatch(/^word0 word1/);
    expect(await requestStop({ visitorId, chatId })).toMatchObject({ stopping: true });
    // Ended by the request itself, with what a viewer saw then: nothing the agent wrote later.
    const atStop = await texts(visitorId, chatId);
    expect(atStop[1]).toMatch(/^assistant:stopped:/);
    const shown = await reply();
    await running;
    expect(await reply()).toBe(shown);

    const items = await texts(visitorId, chatId);
    expect(items[0]).toBe("user:complete:go on");
    expect(items[1]).toMatch(/^assistant:stopped:word0 word1/);
    expect(items.slice(2)).toEqual(["user:complete:after", "assistant:complete:re: after"]);
    const turns = await db().turn.findMany({ where: { chatId }, orderBy: { startedAt: "asc" } });
    expect(turns.map((turn) => turn.status)).toEqual(["stopped", "finished"]);
    const ended = await db().chatEvent.findMany({
      where: { chatId, type: "turn.ended" },
      orderBy: { seq: "asc" },
    });
    expect(ended.map((event) => (event.data as { status: string }).status)).toEqual([
      "stopped",
      "finished",
    ]);
  });

  it("changes nothing with no reply running, and refuses another visitor", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId });
    expect(await requestStop({ visitorId, chatId })).toEqual({ stopping: false, next: false });
    await expect(requestStop({ visitorId: randomUUID(), chatId })).rejects.toMatchObject({
      code: "chat-not-found",
    });
  });

  it("ends as stopped a turn whose process died after Stop was pressed", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "hello" });
    const chat = await db().chat.findUniqueOrThrow({ where: { id: chatId } });
    const reply = await db().item.create({
      data: { chatId, position: 2, role: "assistant", status: "streaming", content: "half a re" },
    });
    await db().turn.update({
      where: { id: chat.activeTurnId! },
      data: {
        replyItemId: reply.id,
        stopRequestedAt: new Date(),
        leaseExpiresAt: new Date(Date.now() - 1),
      },
    });
    await recoverStaleTurns({ chatId });
    expect(await db().item.findUniqueOrThrow({ where: { id: reply.id } })).toMatchObject({
      status: "stopped",
      content: "half a re",
    });
  });
});
