import type { ReadingView } from "@/lib/chat/wire";
import { sameUiValue, type UiValue } from "@/lib/intelligent-ui";

/**
 * Where one live query of a block stands on the page: `reading` while a read is in flight,
 * `unread` when the inputs changed its arguments and no reading of the new ones has arrived,
 * `failed` when no reading on screen proves the current arguments and the last read for them
 * failed, was refused, or was refused as stale by a choice; `ready` when a reading the server
 * issued for the current arguments is on screen, even if a later read failed (it stays, muted).
 */
export type LiveQueryState = "reading" | "unread" | "failed" | "ready";

/**
 * One query's readings on the page: the last good one (what the block draws and a choice
 * presents), the last one whatever its state, whether a read is in flight, and the read id the
 * server refused as stale when a choice presented it, until a read after the refusal succeeds.
 */
export type LiveQuery = {
  good: ReadingView | null;
  last: ReadingView | null;
  inFlight: boolean;
  refused: string | null;
};

/**
 * A failed read keeps the last good value; a choice on it is still accepted while the server
 * holds that reading for these arguments, so it keeps choices open. Once the server refuses it as
 * stale it no longer does, until a new reading arrives.
 */
export function liveQueryState(
  query: LiveQuery | undefined,
  args: UiValue | undefined,
): LiveQueryState {
  if (query?.inFlight) return "reading";
  const good = query?.good;
  if (
    args === undefined ||
    (good && good.readId !== query.refused && sameUiValue(good.args as UiValue, args))
  )
    return "ready";
  const last = query?.last;
  return last &&
    (last.state !== "fresh" || last.readId === query.refused) &&
    sameUiValue(last.args as UiValue, args)
    ? "failed"
    : "unread";
}

/**
 * Why a live block's choices are closed, or null when they are open: a choice is only accepted
 * on values the server issued for the arguments on screen, so until those are read, the page
 * says why instead of offering a pick the server would refuse.
 */
export function uiLiveChoiceReason(states: readonly LiveQueryState[]): string | null {
  if (states.includes("reading")) return "Reading live data… choices open when it arrives.";
  if (states.includes("unread"))
    return "Your change is being read; choices open when its data arrives.";
  if (states.includes("failed"))
    return "The live data could not be read for these inputs, so choices stay closed. It is read again shortly.";
  return null;
}
