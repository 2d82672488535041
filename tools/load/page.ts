// The chat page's first byte for a long chat against a short one, requested in turn so that both
// see the same machine: a chat of 2 items (one exchange) and one of `page-items` items.
import { STORY } from "../reliability/chats";
import { Visitor } from "../reliability/http";
import { type Load, ms, type Scenario, times } from "./context";
import { median, settle } from "./measure";

// Messages of a realistic length; every tenth asks for the story, so the long chat holds prose too.
const FILLER =
  "Could you check whether the release notes mention the new export format, and whether the migration guide still matches the steps we agreed on last week? Keep it short.";
const BATCH = 10;

async function fill(load: Load, visitor: Visitor, chatId: string, messages: number): Promise<void> {
  for (let sent = 0; sent < messages;) {
    // One message starts a turn and the rest of the batch queue behind it (the queue holds 20).
    for (const end = Math.min(messages, sent + BATCH); sent < end; sent++) {
      const answer = await visitor.post(`/api/chats/${chatId}/messages`, {
        text: sent % 10 === 9 ? STORY : `${sent + 1}. ${FILLER}`,
      });
      if (answer.status !== 202) throw new Error(`a message was answered ${answer.status}`);
    }
    if ((await settle(load.rows, [chatId], 120_000, 50)) > 0)
      throw new Error("the long chat did not settle");
  }
}

type Sample = { firstByte: number; whole: number; bytes: number };

async function fetchPage(visitor: Visitor, chatId: string): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(`${visitor.base}/chats/${chatId}`, {
    headers: { cookie: visitor.cookie },
  });
  const firstByte = performance.now() - started;
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`the chat page was answered ${response.status}`);
  return { firstByte, whole: performance.now() - started, bytes: body.byteLength };
}

async function run(load: Load): Promise<void> {
  const server = await load.server({ AGENT_DELTA_MS: "0" });
  try {
    const visitor = new Visitor(server.base);
    const [short, long] = [
      String((await visitor.post("/api/chats", {})).body.chatId),
      String((await visitor.post("/api/chats", {})).body.chatId),
    ];
    await fill(load, visitor, short, 1);
    await fill(load, visitor, long, load.sizes["page-items"] / 2);
    const items = await load.rows.all<{ chatId: string; count: number }>(
      `SELECT "chatId", count(*)::int AS "count" FROM "Item" WHERE "chatId" = ANY($1::uuid[]) GROUP BY 1`,
      [[short, long]],
    );
    const count = (chatId: string) => items.find((row) => row.chatId === chatId)?.count ?? 0;
    for (let index = 0; index < 3; index++)
      await Promise.all([fetchPage(visitor, short), fetchPage(visitor, long)]);
    const shorts: Sample[] = [];
    const longs: Sample[] = [];
    for (let index = 0; index < load.sizes["page-samples"]; index++) {
      shorts.push(await fetchPage(visitor, short));
      longs.push(await fetchPage(visitor, long));
    }
    const of = (samples: Sample[], pick: (sample: Sample) => number) => median(samples.map(pick));
    const [shortFirst, longFirst] = [
      of(shorts, (sample) => sample.firstByte),
      of(longs, (sample) => sample.firstByte),
    ];
    for (const [name, samples, chatId] of [
      ["short", shorts, short],
      ["long", longs, long],
    ] as const) {
      load.note(
        `chat page, ${count(chatId)} items (${name}): first byte median ${ms(of(samples, (sample) => sample.firstByte))}, whole page ${ms(of(samples, (sample) => sample.whole))}, ${Math.round(samples[0]!.bytes / 1024)} KiB, over ${samples.length} requests`,
      );
    }
    load.figure({
      figure: `Chat page TTFB, ${count(long)} items, median of ${longs.length} interleaved`,
      measured: ms(longFirst),
      baseline: `${count(short)} items: ${ms(shortFirst)}`,
      ratio: times(longFirst, shortFirst),
      aim: "≤ 2×",
      met: longFirst <= 2 * shortFirst,
    });
  } finally {
    await server.stop();
  }
}

export const page: Scenario = { name: "page", run };
