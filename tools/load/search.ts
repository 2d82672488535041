// Chat search over 10,000 chats and 100,000 messages (50 visitors of 200 chats, the default cap),
// at PostgreSQL: the search statement the app runs, against a chat's primary-key lookup on the
// same connection, in turn, so both see the same machine. Seeded by set-based INSERT … SELECT.
import { searchTerms } from "@/lib/chat/chats/search";
import { searchStatement } from "@/lib/chat/store/search";
import { openSession, type Param } from "@/scripts/db/session";
import { SEED_WORDS, seedSearchChats } from "@/scripts/test/search-seed";
import { percentile } from "../reliability/http";
import { type Load, ms, type Scenario, times } from "./context";

const [VISITORS, CHATS, MESSAGES_PER_CHAT] = [50, 10_000, 10];
// What people type: a common word (in about one message in four), its start, two words, a word
// of a title, and a word nowhere; each search is one of these for one of the visitors, in turn.
const SEARCHES = [
  SEED_WORDS[2],
  "rollb",
  `${SEED_WORDS[5]} ${SEED_WORDS[9]}`,
  "chat 4217",
  "zebra",
];
const WARM_UP = 20;

async function run(load: Load): Promise<void> {
  const sql = openSession(load.database.url);
  try {
    const started = performance.now();
    const { visitors } = await seedSearchChats(
      (text, values) => sql.unsafe(text, values as Param[]),
      {
        visitorCount: VISITORS,
        chats: CHATS,
        messagesPerChat: MESSAGES_PER_CHAT,
      },
    );
    const [seeded] = await sql.unsafe<{ chats: number; items: number }[]>(
      `SELECT (SELECT count(*) FROM "Chat")::int AS "chats", (SELECT count(*) FROM "Item")::int AS "items"`,
    );
    load.note(
      `search seed: ${seeded!.chats} chats and ${seeded!.items} messages of ${VISITORS} visitors in ${ms(performance.now() - started)}`,
    );
    const chatIds = (
      await sql.unsafe<{ id: string }[]>(`SELECT "id" FROM "Chat" ORDER BY random() LIMIT 100`)
    ).map((row) => row.id);

    const count = load.sizes["search-samples"];
    const [searches, lookups, found]: [number[], number[], number[]] = [[], [], []];
    for (let index = 0; index < WARM_UP + count; index++) {
      const statement = searchStatement(
        visitors[index % VISITORS]!,
        searchTerms(SEARCHES[index % SEARCHES.length]!)!,
      );
      let at = performance.now();
      const answer = await sql.unsafe(statement.text, statement.values as Param[]);
      const searched = performance.now() - at;
      at = performance.now();
      await sql.unsafe(
        `SELECT "id", "visitorId", "title", "updatedAt" FROM "Chat" WHERE "id" = $1`,
        [chatIds[index % chatIds.length]!],
      );
      const looked = performance.now() - at;
      if (index < WARM_UP) continue;
      searches.push(searched);
      lookups.push(looked);
      found.push(answer.count);
    }
    const [search50, search95, lookup50, lookup95] = [
      percentile(searches, 50),
      percentile(searches, 95),
      percentile(lookups, 50),
      percentile(lookups, 95),
    ];
    load.note(
      `chat search at PostgreSQL: p50 ${ms(search50)}, p95 ${ms(search95)} over ${count} searches (${SEARCHES.map((text) => `“${text}”`).join(", ")} in turn, ` +
        `${Math.round(found.reduce((sum, rows) => sum + rows, 0) / count)} chats found on average, at most 20); primary-key lookup p50 ${ms(lookup50)}, p95 ${ms(lookup95)}, one after each search`,
    );
    load.figure({
      figure: `Chat search, ${CHATS / 1_000}k chats and ${(CHATS * MESSAGES_PER_CHAT) / 1_000}k messages, p50 (p95) of ${count}, at PostgreSQL`,
      measured: `${ms(search50)} (${ms(search95)})`,
      baseline: `primary-key lookup of a chat p50 ${ms(lookup50)} (${ms(lookup95)})`,
      ratio: `${times(search50, lookup50)} (${times(search95, lookup95)})`,
      aim: "≤ 5×",
      met: search50 <= 5 * lookup50,
      why: `the searches for a common word read each of the visitor's matching messages (about one in four of its 2,000) to pick each chat's latest for a snippet`,
    });
  } finally {
    await sql.end();
  }
}

export const search: Scenario = { name: "search", run };
