import type { ConfirmationView } from "./views";

export type ConfirmationOutcome = "executed" | "failed" | "rejected" | "expired";

type Decided = { status: ConfirmationView["status"]; outcome: unknown };

/** How a proposed action ended, or null while it awaits a decision or is being decided. */
export function confirmationOutcome({ status, outcome }: Decided): ConfirmationOutcome | null {
  if (status === "rejected" || status === "expired") return status;
  if (status !== "approved") return null;
  const kind = typeof outcome === "object" && outcome !== null && "kind" in outcome ? outcome.kind : null;
  return kind === "executed" ? "executed" : "failed";
}

/**
 * Whether the list whose pick proposed this action is open again. A proposal that ended without
 * running its action (rejected, expired, or failed) gives the person their choice back: they may
 * pick another option, or the same one to have it proposed anew. An action that ran closes its
 * list for good. The server (selections) and the page (the list) both decide by this rule.
 */
export function reopensList(confirmation: Decided): boolean {
  const outcome = confirmationOutcome(confirmation);
  return outcome !== null && outcome !== "executed";
}
