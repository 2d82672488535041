// What one reply leaves in the event log once its turn has ended: rows, bytes of event data, and
// the WAL the whole turn wrote, against the reply's own size. The mock's longest reply (the block
// gallery, about 2,000 characters) stands for the 2,000-character reply; a prose story follows.
import { Visitor } from "../reliability/http";
import { type Load, type Scenario, times } from "./context";
import { describeWal, settle, walBytesSince, walPosition } from "./measure";

const GALLERY = "Show every block component";
const STORY = "Tell me a long story";

type Reply = { characters: number; bytes: number; rows: number; eventBytes: number; wal: number; walWhere: string | null; types: string };

async function measureReply(load: Load, visitor: Visitor, chatId: string, prompt: string): Promise<Reply> {
  const start = await load.rows.count(`SELECT "lastEventSeq" AS "count" FROM "Chat" WHERE "id" = $1`, [chatId]);
  const lsn = await walPosition(load.rows);
  await visitor.post(`/api/chats/${chatId}/messages`, { text: prompt });
  if ((await settle(load.rows, [chatId], 60_000, 50)) > 0) throw new Error(`the reply to "${prompt}" did not end`);
  const wal = await walBytesSince(load.rows, lsn);
  const walWhere = await describeWal(load.rows, lsn, await walPosition(load.rows));
  const [reply] = await load.rows.all<{ characters: number; bytes: number }>(
    `SELECT length("content")::int AS "characters", octet_length("content")::int AS "bytes" FROM "Item" WHERE "chatId" = $1 AND "role" = 'assistant' AND "parentToolUseId" IS NULL ORDER BY "position" DESC LIMIT 1`,
    [chatId],
  );
  const types = await load.rows.all<{ type: string; rows: number; bytes: number }>(
    `SELECT "type", count(*)::int AS "rows", sum(octet_length("data"::text))::int AS "bytes" FROM "ChatEvent" WHERE "chatId" = $1 AND "seq" > $2 GROUP BY "type" ORDER BY 2 DESC`,
    [chatId, start],
  );
  return {
    characters: reply!.characters,
    bytes: reply!.bytes,
    rows: types.reduce((sum, type) => sum + type.rows, 0),
    eventBytes: types.reduce((sum, type) => sum + type.bytes, 0),
    wal,
    walWhere,
    types: types.map((type) => `${type.type} ×${type.rows} (${type.bytes} B)`).join(", "),
  };
}

const describe = (reply: Reply) =>
  `${reply.characters} characters (${reply.bytes} B): ${reply.rows} event rows kept, ${reply.eventBytes} B of event data (${times(reply.eventBytes, reply.bytes)}), ${reply.wal} B of WAL (${times(reply.wal, reply.bytes)}${reply.walWhere ? `: ${reply.walWhere}` : ""}); ${reply.types}`;

async function run(load: Load): Promise<void> {
  // The mock's default pace, 35 ms a chunk: how many writes a reply takes depends on it.
  const server = await load.server({});
  try {
    const visitor = new Visitor(server.base);
    const chatId = String((await visitor.post("/api/chats", {})).body.chatId);
    // A checkpoint first, so none lands in the measured reply with its full-page images (one did:
    // 893 KB of WAL instead of about 340 KB). The first reply then pays for the pages it is first
    // to touch after the checkpoint; the second is the figure.
    await load.rows.all("CHECKPOINT");
    const first = await measureReply(load, visitor, chatId, GALLERY);
    const gallery = await measureReply(load, visitor, chatId, GALLERY);
    const story = await measureReply(load, visitor, chatId, STORY);
    load.note(`block gallery reply, first: ${describe(first)}`);
    load.note(`block gallery reply, again: ${describe(gallery)}`);
    load.note(`story reply (prose): ${describe(story)}`);
    load.figure({
      figure: `Event log per ${gallery.characters}-character reply (block gallery): event rows kept after the turn`,
      measured: `${gallery.rows} rows, ${gallery.eventBytes} B`,
      baseline: `reply ${gallery.bytes} B`,
      ratio: times(gallery.eventBytes, gallery.bytes),
      aim: "≤ 5 rows",
      met: gallery.rows <= 5,
    });
    load.figure({
      figure: "Same reply: WAL the turn wrote (pg_current_wal_lsn() diff)",
      measured: `${gallery.wal} B`,
      baseline: `reply ${gallery.bytes} B`,
      ratio: times(gallery.wal, gallery.bytes),
      aim: "WAL ≤ 20×",
      met: gallery.wal <= 20 * gallery.bytes,
    });
  } finally {
    await server.stop();
  }
}

export const eventLog: Scenario = { name: "event-log", run };
