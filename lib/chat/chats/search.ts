import "server-only";
import { findChatsByText, START, STOP } from "../store/search";
import type { ChatSearchResult, SnippetPiece } from "../wire";

/** At most this many words of a search are looked for; each must match, as a word or its start. */
const MAX_TERMS = 8;

/**
 * The tsquery text for what a person typed: every word (letters and digits) as a prefix, all
 * required. Only letters and digits reach it, so no input can change the query's syntax. Null when
 * nothing searchable was typed.
 */
export function searchTerms(text: string): string | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
  return words.length === 0 ? null : words.map((word) => `'${word}':*`).join(" & ");
}

/** The visitor's own chats holding every word typed, in their titles or in what was said in them. */
export async function searchChats({
  visitorId,
  text,
}: {
  visitorId: string;
  text: string;
}): Promise<ChatSearchResult[]> {
  const terms = searchTerms(text);
  if (terms === null) return [];
  return (await findChatsByText(visitorId, terms)).map((row) => ({
    chatId: row.chatId,
    title: row.title,
    updatedAt: row.updatedAt.toISOString(),
    inTitle: row.inTitle,
    snippet: row.snippet === null ? null : snippetPieces(row.snippet),
  }));
}

/** ts_headline's marked text as pieces, matches flagged. */
function snippetPieces(marked: string): SnippetPiece[] {
  return marked
    .split(new RegExp(`[${START}${STOP}]`, "u"))
    .map((text, index) => ({ text, match: index % 2 === 1 }))
    .filter((piece) => piece.text !== "");
}
