import { sameJson } from "@/lib/component-frames/bounded-json";
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

/** One field a person changed before approving: its value as proposed and as approved (absent: undefined). */
export type InputChange = { key: string; from: unknown; to: unknown };

/**
 * What a person changed in an edited proposal, in the proposal's field order; empty for a handle
 * nobody edited. The server's report to the agent and the card both say it from this.
 */
export function inputChanges({
  proposedInput,
  input,
}: {
  proposedInput?: ConfirmationView["proposedInput"] | null;
  input: ConfirmationView["input"];
}): InputChange[] {
  if (!proposedInput) return [];
  const keys = new Set([...Object.keys(proposedInput), ...Object.keys(input)]);
  return [...keys]
    .filter((key) => !sameJson(proposedInput[key], input[key]))
    .map((key) => ({ key, from: proposedInput[key], to: input[key] }));
}
