import { ApiError } from "@/lib/chat/wire/client-api";
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

/** What a refusal means for the person, and what they can do next, per stable code. */
const REFUSALS: Record<string, string> = {
  "stale-ui-block":
    "This block changed after your page drew it. The current version is shown now; check it and pick again.",
  "stale-ui-query":
    "The live data changed since it was read. It is being read again; pick again once it has arrived.",
  "ui-already-answered":
    "This block was already answered, in another tab or by another viewer. The answer is shown above.",
  "ui-block-not-found":
    "This block is no longer in the chat. Reload the page to see the chat as it is.",
  refused_choice:
    "That choice is not open on the block as it stands. Check the block and pick again.",
  refused_binding:
    "The block's values could not be matched to its controls. Reload the page and pick again.",
  invalid_value:
    "The block's values are not ones its controls offer. Reset the block and pick again.",
  budget_exceeded: "This block is too large to check. Ask the agent for a smaller one.",
  "chat-not-found": "This chat is not yours or no longer exists.",
};

const SEND_FAILED = "The choice could not be sent. Check your connection and try again.";

// A pick on a revision the reply no longer has: it was written again (Regenerate or Retry,
// perhaps in another tab) before the pick arrived.
const REWRITTEN =
  "This reply was written again, in another tab or by another viewer, so your pick was not sent. The new version is shown now, with your inputs kept where it still has them; check it and pick again.";

export function refusalMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SEND_FAILED;
  if (error.code === "stale-ui-block" && error.reason === "revision") return REWRITTEN;
  // A source that refused the pick said why in its own words: shown as they are.
  if (error.code === "source-refused") return error.message;
  return REFUSALS[error.code] ?? SEND_FAILED;
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
