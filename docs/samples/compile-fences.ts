import { compileStoredUi, uiFallbackText, type UiBlock } from "@/lib/intelligent-ui";
import { LIVE_SOURCES, querySchemasOf } from "@/lib/live-sources";

/** What a block may `@Query`: your registered sources; any other does not compile. */
const querySchemas = querySchemasOf(LIVE_SOURCES);

export type StoredBlock = UiBlock & { revision: number };

/**
 * When a reply ends, compile its whole text once and store the blocks with the reply. A pick
 * names the revision it saw; writing the reply again (Regenerate) stores the next revision.
 */
export function blocksToStore(itemId: string, replyText: string, revision: number): StoredBlock[] {
  return compileStoredUi(replyText, { id: itemId, querySchemas }).map((block) => ({
    ...block,
    revision,
  }));
}

/** The reply as the model reads it next turn: each fence replaced by its block's text fallback. */
export function replyForHistory(replyText: string, blocks: readonly UiBlock[]): string {
  return uiFallbackText(replyText, blocks);
}
