import type { ConfirmationView } from "./views";

export type ConfirmationOutcome = "executed" | "failed" | "rejected" | "expired";

type Decided = { status: ConfirmationView["status"]; outcome: unknown };

/** Null while it awaits a decision or is being decided. */
export function confirmationOutcome({ status, outcome }: Decided): ConfirmationOutcome | null {
  if (status === "rejected" || status === "expired") return status;
  if (status !== "approved") return null;
  const kind =
    typeof outcome === "object" && outcome !== null && "kind" in outcome ? outcome.kind : null;
  return kind === "executed" ? "executed" : "failed";
}

/**
 * A proposal that ended without running (rejected, expired, failed) gives the choice back; one that
 * ran closes its list for good. The server (selections) and the page both decide by this rule.
 */
export function reopensList(confirmation: Decided): boolean {
  const outcome = confirmationOutcome(confirmation);
  return outcome !== null && outcome !== "executed";
}
