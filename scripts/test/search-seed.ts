// Many visitors' chats and messages for chat search, written by three set-based statements (no
// request per row): the search test runs EXPLAIN over them and `npm run load` times the search.
import { randomUUID } from "node:crypto";

type Query = (text: string, values?: unknown[]) => Promise<unknown>;

// Words the messages are made of: each message is 12 of them, chosen by a hash, so a word is in
// about one message in four (1 − (39/40)¹²), and two given words together in about one in fifteen;
// then an e-mail address, a file path and an identifier made of one word each ("Ask
// cache@example.com about src/queue/index.ts through cronHandler."), so "example", "com", "src",
// "index", "ts" and "handler" are in every message.
export const SEED_WORDS = [
  "release",
  "deploy",
  "rollback",
  "branch",
  "merge",
  "review",
  "schema",
  "migration",
  "index",
  "query",
  "latency",
  "budget",
  "invoice",
  "customer",
  "ticket",
  "incident",
  "backup",
  "restore",
  "cluster",
  "replica",
  "cache",
  "token",
  "session",
  "cookie",
  "header",
  "payload",
  "webhook",
  "cron",
  "queue",
  "worker",
  "metric",
  "alert",
  "dashboard",
  "report",
  "export",
  "import",
  "archive",
  "license",
  "contract",
  "roadmap",
] as const;

export type SearchSeed = { visitors: string[]; chats: number; messagesPerChat: number };

/**
 * `chats` chats spread evenly over `visitorCount` new visitors, each with `messagesPerChat` items
 * (person and agent in turn), titled "Chat N: <word> <word>". Returns the visitors, first the
 * one with most chats. Item text lives in `parts`, as the app stores it.
 */
export async function seedSearchChats(
  query: Query,
  {
    visitorCount,
    chats,
    messagesPerChat,
  }: { visitorCount: number; chats: number; messagesPerChat: number },
): Promise<SearchSeed> {
  const visitors = Array.from({ length: visitorCount }, () => randomUUID());
  const words = `ARRAY[${SEED_WORDS.map((word) => `'${word}'`).join(",")}]`;
  // As bigint: hashtext may return −2³¹, whose absolute value no int4 holds.
  const pick = (seed: string) =>
    `(${words})[1 + abs(hashtext(${seed})::bigint) % ${SEED_WORDS.length}]`;
  await query(`INSERT INTO "Visitor" ("id") SELECT unnest($1::uuid[])`, [visitors]);
  await query(
    `INSERT INTO "Chat" ("id", "visitorId", "title", "lastPosition", "updatedAt")
     SELECT gen_random_uuid(), ($1::uuid[])[1 + (g - 1) % $2], 'Chat ' || g || ': ' || ${pick("g || 'a'")} || ' ' || ${pick("g || 'b'")}, $3,
            now() - make_interval(mins => g)
     FROM generate_series(1, $4) AS g`,
    [visitors, visitorCount, messagesPerChat, chats],
  );
  await query(
    `INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "revision", "completedAt")
     SELECT gen_random_uuid(), c."id", p, (CASE WHEN p % 2 = 1 THEN 'user' ELSE 'assistant' END)::"ItemRole", 'complete', s.text,
            jsonb_build_array(jsonb_build_object('kind', 'text', 'text', s.text)), CASE WHEN p % 2 = 1 THEN 0 ELSE 1 END, now()
     FROM "Chat" c CROSS JOIN generate_series(1, $2) AS p
     CROSS JOIN LATERAL (SELECT string_agg(${pick('c."id"::text || p || k')}, ' ') || '. Ask ' || ${pick("c.\"id\"::text || p || 'm'")} || '@example.com about src/' || ${pick("c.\"id\"::text || p || 'f'")} || '/index.ts through ' || ${pick("c.\"id\"::text || p || 'h'")} || 'Handler.' AS text FROM generate_series(1, 12) AS k) s
     WHERE c."visitorId" = ANY($1::uuid[])`,
    [visitors, messagesPerChat],
  );
  // VACUUM moves the new rows from the GIN index's pending list into the index, as autovacuum would.
  await query(`VACUUM ANALYZE "Visitor", "Chat", "Item"`);
  return { visitors, chats, messagesPerChat };
}
