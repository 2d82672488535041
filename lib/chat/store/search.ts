import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { storedTimestamp } from "./views";

// A visitor's chats by title (through their chats, at most MAX_CHATS_PER_VISITOR) and by what
// their items draw, through the GIN index of migration 20261209010000_search_what_was_said: the
// index is on `item_search_document(parts, blocks, visitorId)`, which ITEM_DOCUMENT calls with the
// same arguments, as the planner needs to use it (lib/chat/chats/search.test.ts). Titles are cut
// into words by the same `search_words`.
const TITLE_DOCUMENT = Prisma.raw(`"search_words"(c."title")`);
const ITEM_DOCUMENT = Prisma.raw(`"item_search_document"(i."parts", i."blocks", i."visitorId")`);

export const SEARCH_RESULTS = 20;

const rowSchema = z.object({
  chatId: z.string(),
  title: z.string(),
  updatedAt: storedTimestamp,
  inTitle: z.boolean(),
  // The latest matching item's parts and final blocks, from which the snippet is drawn.
  parts: z.unknown(),
  blocks: z.unknown(),
});

/** The search statement, also run under EXPLAIN by its test and timed by `npm run load`. */
export function searchStatement(
  visitorId: string,
  terms: string,
  limit = SEARCH_RESULTS,
): Prisma.Sql {
  // It is spliced into the owner's lexeme: only a well-formed id may be.
  z.uuid().parse(visitorId);
  return Prisma.sql`
    WITH query AS (SELECT to_tsquery('simple'::regconfig, ${terms}) AS q),
    in_titles AS (
      SELECT c."id" AS "chatId" FROM "Chat" c, query WHERE ${TITLE_DOCUMENT} @@ query.q AND c."visitorId" = ${visitorId}::uuid
    ),
    in_items AS (
      -- The owner's lexeme (cast, not parsed: it holds a space) narrows the index scan to the
      -- visitor's items; the join to their chats is what makes ownership certain. The latest
      -- matching item of each chat gives its snippet.
      SELECT DISTINCT ON (i."chatId") i."chatId", i."id" AS "itemId"
      FROM "Item" i JOIN "Chat" c ON c."id" = i."chatId", query
      WHERE ${ITEM_DOCUMENT} @@ (query.q && ${`'visitor ${visitorId}'`}::tsquery) AND c."visitorId" = ${visitorId}::uuid
      ORDER BY i."chatId", i."position" DESC
    ),
    found AS (
      SELECT c."id" AS "chatId", m."itemId", t."chatId" IS NOT NULL AS "inTitle", c."title", c."updatedAt"
      FROM in_titles t FULL JOIN in_items m ON m."chatId" = t."chatId"
      JOIN "Chat" c ON c."id" = coalesce(t."chatId", m."chatId")
      ORDER BY "inTitle" DESC, c."updatedAt" DESC, c."id"
      LIMIT ${limit}
    )
    SELECT f."chatId", f."title", to_jsonb(f."updatedAt") #>> '{}' AS "updatedAt", f."inTitle",
           i."parts", i."blocks"
    FROM found f LEFT JOIN "Item" i ON i."id" = f."itemId"
    ORDER BY f."inTitle" DESC, f."updatedAt" DESC, f."chatId"`;
}

export type SearchRow = z.infer<typeof rowSchema>;

/** The visitor's chats whose title or items match `terms` (a tsquery): title matches first, then the most recently active; never another visitor's. */
export async function findChatsByText(visitorId: string, terms: string): Promise<SearchRow[]> {
  return z
    .array(rowSchema)
    .parse(await db().$queryRaw<unknown[]>(searchStatement(visitorId, terms)));
}
