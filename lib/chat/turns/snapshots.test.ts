import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { Agent } from "@/lib/agent/agent";
import { db, disconnectDb } from "@/lib/db/client";
import { childEnv } from "@/scripts/test/child-env";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { z } from "zod";
import { applyChatEvent, chatEventSchema, type ChatView, type ItemView, partSchema } from "../wire";
import { recoverStaleTurns } from "./recover";
import { runChat } from "./run";

afterAll(async () => {
  await disconnectDb();
});

/** An agent that writes what the test hands it, when it hands it, and finishes when told. */
function handFedAgent() {
  const waiting: string[] = [];
  let wake = () => {};
  let finished = false;
  const agent: Agent = {
    async *reply() {
      for (;;) {
        while (waiting.length === 0 && !finished)
          await new Promise<void>((resolve) => (wake = resolve));
        const text = waiting.shift();
        if (text === undefined) return;
        yield { type: "text", text };
      }
    },
  };
  return {
    agent,
    write: (text: string) => (waiting.push(text), wake()),
    finish: () => ((finished = true), wake()),
  };
}

/** What a page following the chat's stream holds: its view, then every logged event after it, folded. */
async function follow(chat: ChatView): Promise<ChatView> {
  const rows = await db().chatEvent.findMany({
    where: { chatId: chat.id, seq: { gt: chat.lastEventSeq } },
    orderBy: { seq: "asc" },
  });
  return rows.reduce(
    (state, row) => applyChatEvent(state, chatEventSchema.parse(row.data), row.seq),
    chat,
  );
}

const lastSeq = async (chatId: string) =>
  (await db().chat.findUniqueOrThrow({ where: { id: chatId } })).lastEventSeq;
const textOf = (item: Pick<ItemView, "parts"> | undefined) =>
  item?.parts.map((part) => (part.kind === "text" ? part.text : "")).join("") ?? "";

/** Hands the agent a chunk and waits until its write is in the log. */
async function writeChunk(
  chatId: string,
  fed: ReturnType<typeof handFedAgent>,
  text: string,
): Promise<void> {
  const before = await lastSeq(chatId);
  fed.write(text);
  await expect
    .poll(() => lastSeq(chatId), { timeout: 10_000, interval: 20 })
    .toBeGreaterThan(before);
}

describe("a streaming reply's snapshot and its streamed events", () => {
  it("reads mid-reply as its snapshot with later events folded in, as a following page holds it, and compacts them at the end", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "write slowly" });
    let follower = await loadChatView({ visitorId, chatId });
    const fed = handFedAgent();
    const running = runChat(chatId, fed.agent, null);
    // The turn has claimed its reply first, so each chunk's write is what moves the log on.
    await expect
      .poll(() => db().item.count({ where: { chatId, role: "assistant" } }), {
        timeout: 10_000,
        interval: 20,
      })
      .toBe(1);

    // Writes go on until the stored row is behind the log: the read must fold what came after it.
    let chunk = 0;
    let reply = null;
    do {
      await writeChunk(chatId, fed, `chunk${chunk++} `);
      reply = await db().item.findFirstOrThrow({ where: { chatId, role: "assistant" } });
    } while (chunk < 2 || reply.snapshotSeq === (await lastSeq(chatId)));

    follower = await follow(follower);
    const reloaded = await loadChatView({ visitorId, chatId });
    expect(reloaded).toEqual(follower);
    expect(textOf(reloaded.items[1])).toBe(
      Array.from({ length: chunk }, (_, index) => `chunk${index} `).join(""),
    );
    const stored = await db().item.findUniqueOrThrow({ where: { id: reply.id } });
    expect(stored.snapshotSeq).toBeLessThan(reloaded.lastEventSeq);
    expect(textOf({ parts: z.array(partSchema).parse(stored.parts) }).length).toBeLessThan(
      textOf(reloaded.items[1]).length,
    );

    // Cursors a page may resume from: before the reply's first event, and inside its streamed events.
    const beforeDeltas = await atReplyCreation(follower, reply.id);
    const midReply = follower;
    await writeChunk(chatId, fed, "the end.");
    const live = await follow(follower);
    fed.finish();
    await running;

    const finished = await loadChatView({ visitorId, chatId });
    expect(finished.items[1]).toMatchObject({
      status: "complete",
      parts: [{ kind: "text", text: `${textOf(reloaded.items[1])}the end.` }],
    });
    const kept = await db().chatEvent.findMany({
      where: { chatId },
      orderBy: { seq: "asc" },
      select: { seq: true, type: true },
    });
    expect(kept.map((event) => event.type)).toEqual([
      "item.created",
      "turn.started",
      "item.created",
      "item.completed",
      "turn.ended",
    ]);
    expect(kept.at(-1)!.seq).toBe(finished.lastEventSeq);
    expect(finished.lastEventSeq).toBeGreaterThan(kept.length + chunk);

    // A page that followed live, one resuming inside the deleted range and one resuming before it
    // all end where a fresh read does: the completion replaces the streamed reply whole.
    for (const from of [live, midReply, beforeDeltas]) expect(await follow(from)).toEqual(finished);
  });

  it("keeps, when its process dies, the text its viewers saw after the last snapshot", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "Tell me a long story" });
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/test/run-chat-child.ts", chatId],
      {
        env: childEnv({ AGENT_DELTA_MS: "40", TURN_LEASE_MS: "600" }),
        stdio: ["ignore", "ignore", "ignore"],
      },
    );
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // Killed once a write after the snapshot is durable: the stored row alone misses its text.
    await expect
      .poll(
        async () => {
          const reply = await db().item.findFirst({ where: { chatId, role: "assistant" } });
          if (reply?.snapshotSeq == null) return 0;
          return db().chatEvent.count({
            where: { chatId, seq: { gt: reply.snapshotSeq }, contentTail: { not: null } },
          });
        },
        { timeout: 15_000, interval: 20 },
      )
      .toBeGreaterThan(0);
    child.kill("SIGKILL");
    await exited;

    const seen = await loadChatView({ visitorId, chatId });
    const snapshot = await db().item.findFirstOrThrow({ where: { chatId, role: "assistant" } });
    expect(snapshot.content.length).toBeLessThan(textOf(seen.items[1]).length);
    await db().turn.updateMany({
      where: { chatId, status: "running" },
      data: { leaseExpiresAt: new Date(Date.now() - 1) },
    });
    await recoverStaleTurns({ chatId });

    const recovered = await loadChatView({ visitorId, chatId });
    expect(recovered.items[1]).toMatchObject({ status: "interrupted" });
    expect(textOf(recovered.items[1])).toBe(textOf(seen.items[1]));
    expect(
      await db().chatEvent.count({
        where: {
          chatId,
          type: { in: ["item.delta", "item.part", "item.parts", "item.fence", "item.blocks"] },
        },
      }),
    ).toBe(0);
  });
});

/** The chat as a page held it right after the reply's `item.created`: the reply empty, nothing later. */
async function atReplyCreation(chat: ChatView, replyId: string): Promise<ChatView> {
  const rows = await db().chatEvent.findMany({
    where: { chatId: chat.id, type: "item.created" },
    orderBy: { seq: "asc" },
  });
  for (const row of rows) {
    const event = chatEventSchema.parse(row.data);
    if (event.type === "item.created" && event.item.id === replyId) {
      return {
        ...chat,
        items: chat.items.map((item) => (item.id === replyId ? event.item : item)),
        lastEventSeq: row.seq,
      };
    }
  }
  throw new Error("The reply has no item.created event");
}
