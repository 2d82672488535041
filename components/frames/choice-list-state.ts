import type { ConfirmationView, ItemView, SelectionView } from "@/lib/chat/wire";
import { reopensList } from "@/lib/chat/wire/confirmations";

export type ChoiceListState = {
  /** The newest answer the page knows: this tab's response, or the chat stream's. */
  answer: SelectionView | undefined;
  /** The action that answer proposed, when it proposed one. */
  confirmation: ConfirmationView | undefined;
  /** The answer that still stands; undefined once its proposal ended without running (the list is open again). */
  standing: SelectionView | undefined;
  closed: boolean;
};

/**
 * Where a ChoiceList stands. The answer the server just gave this tab is drawn until the chat's
 * stream delivers the same or a later one; a reply still streaming, or a subagent's, is closed.
 */
export function choiceListState(
  item: ItemView,
  instanceId: string,
  recorded: SelectionView | null,
): ChoiceListState {
  const streamed = item.selections[instanceId];
  const answer = recorded && (!streamed || recorded.at > streamed.at) ? recorded : streamed;
  const confirmation = answer?.confirmationToken
    ? item.confirmations[answer.confirmationToken]
    : undefined;
  const reopened = confirmation !== undefined && reopensList(confirmation);
  const standing = answer !== undefined && !reopened ? answer : undefined;
  const closed =
    standing !== undefined || item.status !== "complete" || item.parentToolUseId !== null;
  return { answer, confirmation, standing, closed };
}
