import "server-only";
import { isUiFailure, UiState, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import { resolveBlockLinks } from "./block-links";
import type { BlockLinks } from "./resolve";
import { linkRepository } from "./config";

/** A first reading as the freeze needs it: fresh ones are the values links are drawn with. */
type Reading = {
  blockId: string;
  query: string;
  outcome: { state: "fresh"; value: UiValue } | { state: "failed" | "refused" };
};

/**
 * The links of a final reply's blocks, resolved once as they first draw (default values and the
 * fresh first readings) and stored with the blocks: block id → view node id → link.
 */
export function frozenLinks(
  blocks: readonly UiBlock[],
  readings: readonly Reading[] = [],
): Record<string, BlockLinks> {
  const repository = linkRepository();
  const byBlock: Record<string, BlockLinks> = {};
  for (const block of blocks) {
    const state = new UiState(block);
    for (const reading of readings)
      if (reading.blockId === block.id && reading.outcome.state === "fresh")
        setReading(state, block, reading.query, reading.outcome.value);
    const links = resolveBlockLinks(block, state, repository);
    if (Object.keys(links).length > 0) byBlock[block.id] = links;
  }
  return byBlock;
}

// A reading the block refuses (not its query) leaves the query unread: the reply's end is stored regardless.
function setReading(state: UiState, block: UiBlock, query: string, value: UiValue): void {
  try {
    state.setQuery(query, value, block);
  } catch (error) {
    if (!isUiFailure(error)) throw error;
  }
}
