/**
 * Where one live query of a block stands on the page: `reading` while a read is in flight,
 * `unread` when the inputs changed its arguments and no reading of the new ones has arrived,
 * `failed` when the last read for the current arguments failed or was refused, `ready` when a
 * reading the server issued for the current arguments is on screen.
 */
export type LiveQueryState = "reading" | "unread" | "failed" | "ready";

/**
 * Why a live block's choices are closed, or null when they are open: a choice is only accepted
 * on values the server issued for the arguments on screen, so until those are read, the page
 * says why instead of offering a pick the server would refuse.
 */
export function uiLiveChoiceReason(states: readonly LiveQueryState[]): string | null {
  if (states.includes("reading")) return "Reading live data… choices open when it arrives.";
  if (states.includes("unread")) return "Your change is being read; choices open when its data arrives.";
  if (states.includes("failed")) return "The live data could not be read for these inputs, so choices stay closed. It is read again shortly.";
  return null;
}
