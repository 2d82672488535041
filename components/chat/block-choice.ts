import { refusalSentence } from "@/components/ui/refusals";
import type { ItemView } from "@/lib/chat/wire";
import {
  sameUiValue,
  UiState,
  uiInputValues,
  type UiBlock,
  type UiValue,
} from "@/lib/intelligent-ui";

/** A pick refused as `stale-ui-block`: on which revision, why (in words), and the inputs it sent. */
export type Stale = { revision: number; message: string; values: Record<string, UiValue> };

/** What a refused pick means for the person, and what they can do next: the catalog's sentence. */
export function refusalMessage(error: unknown): string {
  return refusalSentence(error, "The choice could not be sent");
}

/** The inputs the person changed from the block's defaults: only these are carried to a new revision. */
export function editedInputs(
  block: UiBlock,
  values: Record<string, UiValue>,
): Record<string, UiValue> {
  const defaults = uiInputValues(block, new UiState(block));
  return Object.fromEntries(
    Object.entries(values).filter(
      ([name, value]) => !Object.hasOwn(defaults, name) || !sameUiValue(value, defaults[name]!),
    ),
  );
}

/** Why a block's choices are closed, or null when they are open. */
export function closedReason(item: ItemView): string | null {
  if (item.status === "streaming") return "Choices open when the reply has finished.";
  if (item.parentToolUseId !== null)
    return "A subagent wrote this block: it is here to read, not to answer.";
  if (item.status === "stopped")
    return "You stopped this reply before it finished. Retry it to answer its blocks.";
  if (item.status !== "complete")
    return "This reply did not finish. Retry it to answer its blocks.";
  return null;
}

/** The block's name when it has no title: its place among the reply's blocks, and the reply's. */
export function untitledBlockName(item: ItemView, blockId: string): string {
  const ordinal =
    item.parts
      .filter((part) => part.kind === "block")
      .findIndex((part) => part.blockId === blockId) + 1;
  return `Interactive block ${Math.max(ordinal, 1)}, message ${item.position}`;
}
