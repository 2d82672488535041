// Many concurrent event streams on a few busy chats: every stream must receive every event of its
// chat's log, in order and once, while the health check stays quick.
import { STORY } from "./chats";
import { percentile, Tally, Visitor, waitUntil } from "./http";
import { startServer } from "./server";
import { n, ratio, type Scenario, type Suite } from "./suite";

const STREAMS_PER_CHAT = 20;

type Stream = { chatId: string; ids: number[]; opened: boolean; done: AbortController };

/** Opens a chat's event stream as its visitor and records the id of every event it delivers. */
function follow(visitor: Visitor, chatId: string): Stream {
  const stream: Stream = { chatId, ids: [], opened: false, done: new AbortController() };
  void (async () => {
    try {
      const response = await fetch(`${visitor.base}/api/chats/${chatId}/events?after=0`, {
        headers: { cookie: visitor.cookie },
        signal: stream.done.signal,
      });
      stream.opened = response.status === 200;
      const decoder = new TextDecoder();
      let buffer = "";
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const id = /^id: (\d+)$/m.exec(buffer.slice(0, end));
          if (id) stream.ids.push(Number(id[1]));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Closed by the suite once it has checked what arrived.
    }
  })();
  return stream;
}

async function healthLatencies(visitor: Visitor, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await visitor.get("/api/health");
    samples.push(performance.now() - started);
  }
  return samples;
}

async function run(suite: Suite): Promise<void> {
  const server = await startServer({
    databaseUrl: suite.database.url,
    env: { AGENT_DELTA_MS: "10", TURN_LEASE_MS: "3000" },
  });
  const tally = new Tally();
  const streams: Stream[] = [];
  try {
    const chatCount = Math.max(1, Math.ceil(suite.sizes.streams / STREAMS_PER_CHAT));
    const health = new Visitor(server.base, tally);
    // A fresh server's first answers pay for warming up; the baseline is taken after them.
    await healthLatencies(health, 50);
    const idle = await healthLatencies(health, 200);
    const chats = await Promise.all(
      Array.from({ length: chatCount }, async () => {
        const visitor = new Visitor(server.base, tally);
        const created = await visitor.post("/api/chats", {});
        return { visitor, chatId: String(created.body.chatId) };
      }),
    );
    for (let index = 0; index < suite.sizes.streams; index++) {
      const chat = chats[index % chatCount]!;
      streams.push(follow(chat.visitor, chat.chatId));
    }
    await waitUntil(async () => streams.every((stream) => stream.opened), 60_000);
    const opened = streams.filter((stream) => stream.opened).length;
    await Promise.all(
      chats.map((chat) => chat.visitor.post(`/api/chats/${chat.chatId}/messages`, { text: STORY })),
    );
    const busy = await healthLatencies(health, 200);
    // Every chat settles, then every stream must catch up with its chat's last event.
    const last = new Map<string, number>();
    await waitUntil(
      async () => {
        const rows = await suite.rows.all<{
          id: string;
          lastEventSeq: number;
          activeTurnId: string | null;
        }>(`SELECT "id", "lastEventSeq", "activeTurnId" FROM "Chat" WHERE "id" = ANY($1::uuid[])`, [
          chats.map((chat) => chat.chatId),
        ]);
        for (const row of rows) last.set(row.id, row.lastEventSeq);
        return (
          rows.every((row) => row.activeTurnId === null) &&
          streams.every((stream) => stream.ids.at(-1) === last.get(stream.chatId))
        );
      },
      180_000,
      500,
    );
    // A finished reply's streamed events are deleted, so a stream may skip their numbers (one that
    // read them before is not wrong either); it must still hold every event the log keeps, in order.
    const kept = new Map<string, number[]>();
    const rows = await suite.rows.all<{ chatId: string; seq: number }>(
      `SELECT "chatId", "seq" FROM "ChatEvent" WHERE "chatId" = ANY($1::uuid[])`,
      [chats.map((chat) => chat.chatId)],
    );
    for (const row of rows) kept.set(row.chatId, [...(kept.get(row.chatId) ?? []), row.seq]);
    const incomplete = streams.filter((stream) => {
      const delivered = new Set(stream.ids);
      const ordered = stream.ids.every((id, index) => index === 0 || id > stream.ids[index - 1]!);
      return (
        !ordered ||
        stream.ids.at(-1) !== last.get(stream.chatId) ||
        (kept.get(stream.chatId) ?? []).some((seq) => !delivered.has(seq))
      );
    }).length;
    const events = streams.reduce((sum, stream) => sum + stream.ids.length, 0);
    const [idle99, busy99] = [percentile(idle, 99), percentile(busy, 99)];
    suite.print(
      `streams  ${n(suite.sizes.streams)} concurrent streams on ${chatCount} replying chats: ${n(opened)} opened, ${n(events)} events delivered, ${incomplete} streams missing, doubling or reordering an event, ${tally.serverErrors} × 5xx`,
    );
    suite.print(
      `streams  health check p99 ${busy99.toFixed(1)} ms under the streams (${ratio(busy99, idle99)} idle, ${idle99.toFixed(1)} ms); p50 ${percentile(busy, 50).toFixed(1)} ms`,
    );
    if (incomplete > 0 || opened < suite.sizes.streams || tally.serverErrors > 0)
      suite.fail(
        `streams: ${incomplete} incomplete, ${suite.sizes.streams - opened} not opened, ${tally.failures.slice(0, 3).join("; ")}`,
      );
  } finally {
    for (const stream of streams) stream.done.abort();
    await server.stop();
  }
}

export const streams: Scenario = { name: "streams", run };
