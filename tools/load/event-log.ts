// What one reply leaves in the event log once its turn has ended: rows, bytes of event data, and
// the WAL the whole turn wrote, against the reply's own size. The mock's longest reply (the block
// gallery, about 2,000 characters) stands for the 2,000-character reply; a prose story follows.
import { Visitor } from "../reliability/http";
import { type Load, type Scenario, sleep, times } from "./context";
import { EventStream } from "./sse";
import {
  describeWal,
  eventLogCounters,
  type EventLogCounters,
  keepWal,
  setAutovacuum,
  settle,
  walBytesSince,
  walPosition,
} from "./measure";

const GALLERY = "Show every block component";
const STORY = "Tell me a long story";

/**
 * `rows`: the event rows kept, by type in `types`; `inserted`: every row the turn wrote to the log;
 * `written`: every event the turn streamed to a page, by type, `streamed` their bytes.
 */
type Reply = {
  characters: number;
  bytes: number;
  rows: number;
  inserted: number;
  eventBytes: number;
  wal: number;
  walWhere: string | null;
  types: string;
  written: string;
  streamed: number;
  after: EventLogCounters;
};

async function measureReply(
  load: Load,
  visitor: Visitor,
  chatId: string,
  prompt: string,
  before: EventLogCounters,
): Promise<Reply> {
  const start = await load.rows.count(
    `SELECT "lastEventSeq" AS "count" FROM "Chat" WHERE "id" = $1`,
    [chatId],
  );
  // A page watching sees what the turn wrote, the events its end deletes included.
  const stream = new EventStream(visitor, chatId, start, true);
  try {
    const until = Date.now() + 30_000;
    while (!stream.opened && Date.now() < until) await sleep(20);
    if (!stream.opened) throw new Error("a page's event stream was not let in");
    const lsn = await walPosition(load.rows);
    await visitor.post(`/api/chats/${chatId}/messages`, { text: prompt });
    if ((await settle(load.rows, [chatId], 60_000, 50)) > 0)
      throw new Error(`the reply to "${prompt}" did not end`);
    const wal = await walBytesSince(load.rows, lsn);
    const walWhere = await describeWal(load.rows, lsn, await walPosition(load.rows));
    if (!(await stream.next((arrival) => arrival.data?.type === "turn.ended")))
      throw new Error(`the page never saw the reply to "${prompt}" end`);
    const events = stream.arrivals.map((arrival) => ({
      type: String(arrival.data?.type),
      rows: 1,
      bytes: arrival.bytes,
    }));
    const after = await eventLogCounters(load.rows);
    const streamed = events.reduce((sum, event) => sum + event.bytes, 0);
    return {
      ...(await kept(load, chatId, start)),
      inserted: after.inserted - before.inserted,
      wal,
      walWhere,
      written: byType(events),
      streamed,
      after,
    };
  } finally {
    stream.close();
  }
}

type Counted = { type: string; rows: number; bytes: number };

/** Events by type, with their bytes, largest first: `item.blocks ×40 (302677 B), …`. */
function byType(events: readonly Counted[]): string {
  const types = new Map<string, { rows: number; bytes: number }>();
  for (const { type, rows, bytes } of events) {
    const sum = types.get(type) ?? { rows: 0, bytes: 0 };
    types.set(type, { rows: sum.rows + rows, bytes: sum.bytes + bytes });
  }
  return [...types]
    .sort(([, a], [, b]) => b.bytes - a.bytes)
    .map(([type, sum]) => `${type} ×${sum.rows} (${sum.bytes} B)`)
    .join(", ");
}

/** The reply the turn left, and the event rows kept after it. */
async function kept(load: Load, chatId: string, start: number) {
  const [reply] = await load.rows.all<{ characters: number; bytes: number }>(
    `SELECT length("content")::int AS "characters", octet_length("content")::int AS "bytes" FROM "Item" WHERE "chatId" = $1 AND "role" = 'assistant' AND "parentToolUseId" IS NULL ORDER BY "position" DESC LIMIT 1`,
    [chatId],
  );
  const types = await load.rows.all<Counted>(
    `SELECT "type", count(*)::int AS "rows", sum(octet_length("data"::text))::int AS "bytes" FROM "ChatEvent" WHERE "chatId" = $1 AND "seq" > $2 GROUP BY "type"`,
    [chatId, start],
  );
  return {
    characters: reply!.characters,
    bytes: reply!.bytes,
    rows: types.reduce((sum, type) => sum + type.rows, 0),
    eventBytes: types.reduce((sum, type) => sum + type.bytes, 0),
    types: byType(types),
  };
}

const describe = (reply: Reply) =>
  `${reply.characters} characters (${reply.bytes} B): ${reply.inserted} event rows written, ${reply.rows} kept, ${reply.streamed} B streamed to a page (${times(reply.streamed, reply.bytes)}), ${reply.eventBytes} B of event data (${times(reply.eventBytes, reply.bytes)}), ${reply.wal} B of WAL (${times(reply.wal, reply.bytes)}${reply.walWhere ? `: ${reply.walWhere}` : ""}); kept: ${reply.types}; streamed: ${reply.written}`;

async function run(load: Load): Promise<void> {
  // The mock's default pace, 35 ms a chunk: how many writes a reply takes depends on it.
  const server = await load.server({});
  try {
    const visitor = new Visitor(server.base);
    const chatId = String((await visitor.post("/api/chats", {})).body.chatId);
    // A checkpoint first, so none lands in the steady replies with its full-page images. The first
    // reply after it pays for the pages it is first to touch; the second is the steady figure. These
    // run without autovacuum, to be the turns' own WAL; the whole cycle after them runs with it.
    await setAutovacuum(load.rows, false);
    await keepWal(load.rows, true);
    await load.rows.all("CHECKPOINT");
    const first = await measureReply(
      load,
      visitor,
      chatId,
      GALLERY,
      await eventLogCounters(load.rows),
    );
    const gallery = await measureReply(load, visitor, chatId, GALLERY, first.after);
    const third = await measureReply(load, visitor, chatId, GALLERY, gallery.after);
    const story = await measureReply(load, visitor, chatId, STORY, third.after);
    await setAutovacuum(load.rows, true);
    const cycle = await checkpointCycle(load, visitor);
    load.note(`block gallery reply, first after a checkpoint: ${describe(first)}`);
    load.note(`block gallery reply, again: ${describe(gallery)}`);
    load.note(`block gallery reply, a third time: ${describe(third)}`);
    load.note(`story reply (prose): ${describe(story)}`);
    load.figure({
      figure: `Event log per ${gallery.characters}-character reply (block gallery): event rows written during the turn, and kept after it`,
      measured: `${gallery.inserted} written, ${gallery.rows} kept (${gallery.eventBytes} B)`,
      baseline: `reply ${gallery.bytes} B`,
      ratio: times(gallery.eventBytes, gallery.bytes),
      aim: "≤ 5 rows kept",
      met: gallery.rows <= 5,
    });
    load.figure({
      figure: "Same reply: bytes streamed to each page",
      measured: `${gallery.streamed} B`,
      baseline: `reply ${gallery.bytes} B`,
      ratio: times(gallery.streamed, gallery.bytes),
      aim: "≤ 3× the reply",
      met: gallery.streamed <= 3 * gallery.bytes,
      why: `the page received ${gallery.written}`,
    });
    load.figure({
      figure:
        "Same reply: WAL the turn wrote, steady (pg_current_wal_lsn() diff, no checkpoint or autovacuum in it)",
      measured: `${gallery.wal} B`,
      baseline: `reply ${gallery.bytes} B`,
      ratio: times(gallery.wal, gallery.bytes),
      aim: "WAL ≤ 20×",
      met: gallery.wal <= 20 * gallery.bytes,
      why: `${gallery.walWhere ? `the turn's WAL went to ${gallery.walWhere}; ` : ""}it wrote ${gallery.inserted} event rows (${gallery.written} streamed) before its end kept ${gallery.rows}`,
    });
    load.figure({
      figure: `Same reply: WAL per reply over a whole checkpoint cycle (${cycle.replies} replies in ${CYCLE_CHATS} chats between two checkpoints, full-page images and the checkpoint's own record included)`,
      measured: `${cycle.perReply} B`,
      baseline: `reply ${gallery.bytes} B`,
      ratio: times(cycle.perReply, gallery.bytes),
      aim: "WAL ≤ 20×",
      met: cycle.perReply <= 20 * gallery.bytes,
      why: `the cycle's WAL went to ${cycle.where ?? "(pg_walinspect is not there to say)"}; the first reply after a checkpoint wrote ${first.wal} B, a steady one ${gallery.wal} B`,
    });
  } finally {
    await setAutovacuum(load.rows, true);
    await keepWal(load.rows, false);
    await server.stop();
  }
}

// A real cycle (checkpoint_timeout, 5 minutes by default) spans many replies in many chats at once;
// each page's first change after a checkpoint is logged whole, once a cycle, whichever reply touches it.
const CYCLE_CHATS = 4;

/** WAL per reply from one checkpoint to the next; each chat is sent its replies one after another, the chats at once. */
async function checkpointCycle(
  load: Load,
  visitor: Visitor,
): Promise<{ replies: number; perReply: number; where: string | null }> {
  const chats = await Promise.all(
    Array.from({ length: CYCLE_CHATS }, async () =>
      String((await visitor.post("/api/chats", {})).body.chatId),
    ),
  );
  const rounds = Math.max(1, Math.round(load.sizes["cycle-replies"] / CYCLE_CHATS));
  await load.rows.all("CHECKPOINT");
  const start = await walPosition(load.rows);
  await Promise.all(
    chats.map(async (chatId) => {
      for (let round = 0; round < rounds; round++) {
        await visitor.post(`/api/chats/${chatId}/messages`, { text: GALLERY });
        if ((await settle(load.rows, [chatId], 60_000, 50)) > 0)
          throw new Error("a reply of the checkpoint cycle did not end");
      }
    }),
  );
  await load.rows.all("CHECKPOINT");
  const end = await walPosition(load.rows);
  const replies = rounds * CYCLE_CHATS;
  return {
    replies,
    perReply: Math.round((await walBytesSince(load.rows, start)) / replies),
    where: await describeWal(load.rows, start, end),
  };
}

export const eventLog: Scenario = { name: "event-log", run };
