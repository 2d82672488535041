import { LocalTime } from "@/components/ui/local-time";
import type { ConfirmationView, SelectionView } from "@/lib/chat/wire";
import { confirmationOutcome } from "@/lib/chat/wire/confirmations";
import type { ChoiceListState } from "./choice-list-state";

const REOPENED: Record<string, string> = {
  rejected: "was rejected",
  expired: "expired before anyone decided",
  failed: "failed",
};

const CONFIRMATION_STATE: Record<string, string> = {
  pending: "approve or reject it below",
  approving: "running",
  rejecting: "rejecting",
  expiring: "expiring",
  approved: "done",
};

/** When a proposal ended as far as the page knows: an expiry when its time ran out, else the pick. */
function endedAt(answer: SelectionView, confirmation: ConfirmationView): string {
  return confirmationOutcome(confirmation) === "expired" ? confirmation.expiresAt : answer.at;
}

/** What the list's status line says: its answer, a proposal that ended without running, or why it is not open yet. */
export function ChoiceListStatus({
  answer,
  confirmation,
  standing,
  streaming,
}: Omit<ChoiceListState, "closed"> & { streaming: boolean }) {
  if (standing) {
    return (
      <>
        Answered “{standing.label}” · <LocalTime iso={standing.at} />
        {standing.queued && " · queued behind the running reply"}
        {confirmation && ` · ${CONFIRMATION_STATE[confirmation.status] ?? ""}`}
      </>
    );
  }
  if (answer && confirmation) {
    return (
      <>
        “{answer.label}” {REOPENED[confirmationOutcome(confirmation) ?? ""] ?? "ended"} ·{" "}
        <LocalTime iso={endedAt(answer, confirmation)} />. Pick again: another option, or the same
        one for a new proposal.
      </>
    );
  }
  return streaming ? "Choices open when the reply finishes." : null;
}
