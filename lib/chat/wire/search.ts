import * as z from "zod/mini";

export { MAX_SEARCH_LENGTH } from "./limits";

/** A piece of a snippet; `match` marks words the search found. */
export const snippetPieceSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPiece = z.infer<typeof snippetPieceSchema>;

/** One of the visitor's chats a search found: by its title, by what was said in it, or both. */
export const chatSearchResultSchema = z.object({
  chatId: z.string(),
  title: z.string(),
  updatedAt: z.string(),
  inTitle: z.boolean(),
  /** Around the best match in a message or reply; null when only the title matched. */
  snippet: z.nullable(z.array(snippetPieceSchema)),
});
export type ChatSearchResult = z.infer<typeof chatSearchResultSchema>;

/** Title matches first, then the most recently active. */
export const chatSearchResponseSchema = z.object({ results: z.array(chatSearchResultSchema) });
export type ChatSearchResponse = z.infer<typeof chatSearchResponseSchema>;
