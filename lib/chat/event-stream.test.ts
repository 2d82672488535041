import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { createChat } from "./chats";
import { openChatEventStream } from "./event-stream";
import { appendEvents, lockChat } from "./store";

afterAll(async () => {
  await disconnectDb();
});

/** Follows a stream, keeping the id of every event it delivers. */
function follow(stream: ReadableStream<Uint8Array>): number[] {
  const ids: number[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
      for (const match of decoder.decode(chunk).matchAll(/^id: (\d+)$/gm)) ids.push(Number(match[1]));
    }
  })();
  return ids;
}

describe("event streams of one chat on one instance", () => {
  it("deliver every event to every stream, reading the log once per notice rather than once per stream", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId });
    const stop = new AbortController();
    const streams = await Promise.all(Array.from({ length: 10 }, () => openChatEventStream({ visitorId, chatId, after: 0, signal: stop.signal })));
    const received = streams.map(follow);
    const reads = vi.spyOn(db().chatEvent, "findMany");
    try {
      for (let index = 1; index <= 5; index++) {
        await db().$transaction(async (tx) => {
          await lockChat(tx, { chatId });
          await appendEvents(tx, chatId, [{ type: "turn.started", turnId: randomUUID() }]);
        });
        await expect.poll(() => received.every((ids) => ids.at(-1) === index), { timeout: 15_000 }).toBe(true);
      }
      expect(received).toEqual(Array(10).fill([1, 2, 3, 4, 5]));
      // One read per notice, shared by the ten streams it woke, where one read each would be 50;
      // each stream's own poll (every 5 s) may add one read.
      expect(reads.mock.calls.length).toBeLessThan(30);
    } finally {
      reads.mockRestore();
      stop.abort();
    }
  });
});
