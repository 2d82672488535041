import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { createChat } from "../chats/manage";
import { createChatFeeds, type LoggedEvent } from "./feed";
import { lockChat } from "../store/chats";
import { writeChat } from "../store/log";

afterAll(async () => {
  await disconnectDb();
});

/** Appends `count` small events to the chat's log, as a writer would, under the chat lock. */
async function append(chatId: string, count: number): Promise<void> {
  await db().$transaction(async (tx) => {
    await writeChat(await lockChat(tx, { chatId }), {
      events: Array.from({ length: count }, () => ({ type: "queue.removed" as const, id: "1" })),
    });
  });
}

/** The real reader, counted, and held at a gate when a test wants a read to be in flight. */
function countedReader() {
  const reader = {
    reads: 0,
    gate: null as Promise<void> | null,
    onRead: () => {},
    async read(chatId: string, after: number, take: number): Promise<LoggedEvent[]> {
      reader.reads++;
      reader.onRead();
      await reader.gate;
      return db().chatEvent.findMany({
        where: { chatId, seq: { gt: after } },
        orderBy: { seq: "asc" },
        take,
        select: { seq: true, data: true },
      });
    },
  };
  return reader;
}

/** A page's stream: the sequence numbers it received, and a way to wait for one of them. */
function page() {
  const seqs: number[] = [];
  const waiters: { seq: number; resolve: () => void }[] = [];
  return {
    seqs,
    deliver(events: readonly LoggedEvent[]) {
      for (const event of events) seqs.push(event.seq);
      for (const waiter of waiters.filter((entry) => seqs.includes(entry.seq))) waiter.resolve();
    },
    received(seq: number): Promise<void> {
      return seqs.includes(seq)
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ seq, resolve }));
    },
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("one event-log reader per chat per instance", () => {
  it("serves every page of a chat from one read per notice, each from its own cursor, as pages come and go", async () => {
    const { chatId } = await createChat({ visitorId: randomUUID() });
    await append(chatId, 3);
    const reader = countedReader();
    // Polls never fire during the test: every read here is caused by a subscription or a notice.
    const feeds = createChatFeeds({ read: reader.read, pollMs: () => 60_000 });

    const a = page();
    const stopA = feeds.subscribe(chatId, 0, a.deliver);
    await a.received(3);
    expect(a.seqs).toEqual([1, 2, 3]);

    // A second page that rendered at seq 2 joins; the first sees nothing twice.
    const b = page();
    const stopB = feeds.subscribe(chatId, 2, b.deliver);
    await feeds.catchUp(chatId);
    expect(b.seqs).toEqual([3]);

    const c = page();
    const stopC = feeds.subscribe(chatId, 3, c.deliver);
    await feeds.catchUp(chatId);
    const before = reader.reads;

    await append(chatId, 2);
    feeds.notify(chatId);
    await Promise.all([a.received(5), b.received(5), c.received(5)]);
    expect(reader.reads - before).toBe(1);
    expect([a.seqs, b.seqs, c.seqs]).toEqual([range(1, 5), range(3, 5), [4, 5]]);

    // The second page leaves: the others still get the next event, from one read.
    stopB();
    await append(chatId, 1);
    feeds.notify(chatId);
    await Promise.all([a.received(6), c.received(6)]);
    expect(reader.reads - before).toBe(2);
    expect(b.seqs).toEqual(range(3, 5));

    stopA();
    stopC();
    expect(feeds.size).toBe(0);
    // A page that comes back later starts a new reader and misses nothing.
    const d = page();
    const stopD = feeds.subscribe(chatId, 0, d.deliver);
    await d.received(6);
    expect(d.seqs).toEqual(range(1, 6));
    stopD();
  });

  it("serves a page that joins while a read is in flight with one more read, never a gap", async () => {
    const { chatId } = await createChat({ visitorId: randomUUID() });
    await append(chatId, 4);
    const reader = countedReader();
    const feeds = createChatFeeds({ read: reader.read, pollMs: () => 60_000 });

    let open!: () => void;
    reader.gate = new Promise((resolve) => (open = resolve));
    const inFlight = new Promise<void>((resolve) => (reader.onRead = resolve));
    const first = page();
    const stopFirst = feeds.subscribe(chatId, 3, first.deliver);
    // This read is held open while a page from further back joins and more is written.
    await inFlight;
    const late = page();
    const stopLate = feeds.subscribe(chatId, 0, late.deliver);
    await append(chatId, 1);
    feeds.notify(chatId);
    reader.gate = null;
    open();

    await Promise.all([first.received(5), late.received(5)]);
    expect(first.seqs).toEqual([4, 5]);
    expect(late.seqs).toEqual(range(1, 5));
    expect(reader.reads).toBe(2);
    stopFirst();
    stopLate();
  });

  it("lets pages join at the head without a read, and still serves them the next event", async () => {
    const { chatId } = await createChat({ visitorId: randomUUID() });
    await append(chatId, 2);
    const reader = countedReader();
    const feeds = createChatFeeds({ read: reader.read, pollMs: () => 60_000 });
    const first = page();
    const stopFirst = feeds.subscribe(chatId, 0, first.deliver);
    await first.received(2);
    const before = reader.reads;

    // Twenty pages rendered at the head open their streams: nothing to catch up, nothing read.
    const joined = Array.from({ length: 20 }, () => page());
    const stops = joined.map((joiner) => feeds.subscribe(chatId, 2, joiner.deliver));
    // A read a join asks for starts on the next microtask: once the queue has run, it would have.
    await new Promise((resolve) => setImmediate(resolve));
    expect(reader.reads).toBe(before);
    // A page from further back is caught up by a read of its own.
    const behind = page();
    const stopBehind = feeds.subscribe(chatId, 1, behind.deliver);
    await behind.received(2);
    expect(reader.reads).toBe(before + 1);

    await append(chatId, 1);
    feeds.notify(chatId);
    await Promise.all([first, behind, ...joined].map((joiner) => joiner.received(3)));
    expect(reader.reads).toBe(before + 2);
    expect(joined.map((joiner) => joiner.seqs)).toEqual(Array(20).fill([3]));
    for (const stop of [stopFirst, stopBehind, ...stops]) stop();
  });

  it("hands every page at one cursor the same batch, once per read, however many events it holds", async () => {
    const { chatId } = await createChat({ visitorId: randomUUID() });
    await append(chatId, 1);
    const feeds = createChatFeeds({ read: countedReader().read, pollMs: () => 60_000 });
    const batches: Array<Array<readonly LoggedEvent[]>> = [[], [], []];
    const received = Array.from({ length: 3 }, () => page());
    const stops = received.map((each, index) =>
      feeds.subscribe(chatId, 1, (events) => {
        batches[index]!.push(events);
        each.deliver(events);
      }),
    );
    await append(chatId, 3);
    feeds.notify(chatId);
    await Promise.all(received.map((each) => each.received(4)));
    expect(batches.map((each) => each.length)).toEqual([1, 1, 1]);
    expect(batches[0]![0]!.map((event) => event.seq)).toEqual([2, 3, 4]);
    expect(batches[1]![0]).toBe(batches[0]![0]);
    expect(batches[2]![0]).toBe(batches[0]![0]);
    for (const stop of stops) stop();
  });

  it("reads a long log in batches until caught up", async () => {
    const { chatId } = await createChat({ visitorId: randomUUID() });
    await append(chatId, 450);
    const feeds = createChatFeeds({ read: countedReader().read, pollMs: () => 60_000 });
    const reader = page();
    const stop = feeds.subscribe(chatId, 0, reader.deliver);
    await reader.received(450);
    expect(reader.seqs).toEqual(range(1, 450));
    stop();
  });
});
