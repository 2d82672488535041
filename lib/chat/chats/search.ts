import "server-only";
import * as z from "zod/mini";
import { findChatsByText } from "../store/search";
import { partSchema, type ChatSearchResult } from "../wire";
import { parseSearch, termsQuery } from "./search-words";
import { itemPlainText, snippetBlocksSchema, snippetOf } from "./snippet";

const snippetPartsSchema = z.array(partSchema);

/**
 * The tsquery text for what a person typed: each piece between spaces required, its words in a
 * row and the last as a prefix (`search-words.ts`). Null when nothing searchable was typed.
 */
export function searchTerms(text: string): string | null {
  return termsQuery(parseSearch(text));
}

/** The visitor's own chats holding every piece typed, in their titles or in what their items draw. */
export async function searchChats({
  visitorId,
  text,
}: {
  visitorId: string;
  text: string;
}): Promise<ChatSearchResult[]> {
  const terms = parseSearch(text);
  const query = termsQuery(terms);
  if (query === null) return [];
  return (await findChatsByText(visitorId, query)).map((row) => ({
    chatId: row.chatId,
    title: row.title,
    updatedAt: row.updatedAt.toISOString(),
    inTitle: row.inTitle,
    snippet:
      row.parts === null
        ? null
        : snippetOf(
            itemPlainText(
              snippetPartsSchema.parse(row.parts),
              snippetBlocksSchema.parse(row.blocks ?? []),
            ),
            terms,
          ),
  }));
}
