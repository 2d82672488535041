// `npm run bench:page`: the chat page's time to first byte on the production build, for a chat of
// 2 items, one of as many items as the page opens on, and one of 200, measured in turns against
// one `next start` on a throwaway embedded PostgreSQL. Run `npm run build` first. The chats are
// written by the app's own functions and end on the same exchanges, so each page draws alike.
import { request } from "node:http";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { createChat, sendMessage } from "@/lib/chat/chats";
import { RECENT_ITEMS } from "@/lib/chat/item-pages";
import { driveChat } from "@/lib/chat/turns/run";
import { disconnectDb } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { signVisitorId, visitorCookieName } from "@/lib/http/visitor-cookie";
import { startEmbeddedDatabase } from "./db/embedded";
import { startServer } from "./reliability/server";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const SECRET = "bench-page-session-secret-of-some-length";
// Prose, blocks, lists and frames in turn, as a long working chat holds them.
const MESSAGES = ["Tell me a long story", "Mix prose, a block and a list", "Where should we go next?", "Triage the failing build", "Walk me through a release checklist"];
const LONGEST = 200;

type Timing = { firstByte: number; total: number; bytes: number };

function fetchPage(url: string, cookie: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByte = 0;
    let bytes = 0;
    const req = request(url, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
      response.on("data", (chunk: Buffer) => {
        firstByte ||= performance.now() - started;
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ firstByte, total: performance.now() - started, bytes }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A chat of `items` items whose last exchanges are those of the longest chat. */
async function chatOf(visitorId: string, items: number): Promise<string> {
  const agent = createMockAgent({ deltaMs: 0 });
  const turns = items / 2;
  const message = (turn: number) => MESSAGES[(turn + LONGEST / 2 - turns) % MESSAGES.length]!;
  const { chatId } = await createChat({ visitorId, message: message(0) });
  await driveChat(chatId, agent, null);
  for (let turn = 1; turn < turns; turn++) {
    await sendMessage({ visitorId, chatId, text: message(turn) });
    await driveChat(chatId, agent, null);
  }
  return chatId;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const database = await startEmbeddedDatabase({ persistent: false });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    process.env.DATABASE_URL = database.url;
    await migrateDatabase({ connectionString: database.url });
    const visitorId = crypto.randomUUID();
    const sizes = [2, RECENT_ITEMS, LONGEST];
    const chats = new Map<number, string>();
    for (const size of sizes) chats.set(size, await chatOf(visitorId, size));
    await disconnectDb();
    server = await startServer({ databaseUrl: database.url, env: { SESSION_SECRET: SECRET } });
    const base = server.base;
    const cookie = `${visitorCookieName(true)}=${await signVisitorId(visitorId, SECRET)}`;
    const page = (size: number) => fetchPage(`${base}/chats/${chats.get(size)}`, cookie);
    const timings = new Map<number, Timing[]>(sizes.map((size) => [size, []]));
    for (const size of sizes) for (let warm = 0; warm < 3; warm++) await page(size);
    // Interleaved, and in turning order, so a busy moment slows each alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (let index = 0; index < sizes.length; index++) {
        const size = sizes[(round + index) % sizes.length]!;
        timings.get(size)!.push(await page(size));
      }
    }
    const firstByte = (size: number) => median(timings.get(size)!.map((run) => run.firstByte));
    for (const size of sizes) {
      const runs = timings.get(size)!;
      const kb = (median(runs.map((run) => run.bytes)) / 1024).toFixed(0);
      console.log(`chat page, ${size} items: first byte median ${firstByte(size).toFixed(1)} ms, whole page median ${median(runs.map((run) => run.total)).toFixed(1)} ms, ${kb} KB (${ROUNDS} requests)`);
    }
    console.log(`chat page first byte, ${LONGEST} items vs 2 items: ${(firstByte(LONGEST) / firstByte(2)).toFixed(1)}×`);
    console.log(`chat page first byte, ${LONGEST} items vs ${RECENT_ITEMS} items: ${(firstByte(LONGEST) / firstByte(RECENT_ITEMS)).toFixed(1)}×`);
  } finally {
    await server?.stop();
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
