import type { ConfirmationView } from "@/lib/chat/wire";
import { inputChanges } from "@/lib/chat/wire/confirmations";
import { asRecord, FieldList, showValue } from "./confirmation-details";
import { fieldLabel, presenterFor, type Stage } from "./tool-presenters";

const quoted = (value: unknown) =>
  typeof value === "string" ? `“${value}”` : value === undefined ? "nothing" : showValue(value);

/**
 * What the person changed before approving, each field as proposed and as approved, the same after
 * a reload and in every tab: the handle keeps the agent's proposal beside the input that ran.
 */
export function ConfirmationChanges({
  stage,
  confirmation,
}: {
  stage: Stage;
  confirmation: ConfirmationView;
}) {
  const changes = inputChanges(confirmation);
  if (changes.length === 0) return null;
  const fields = presenterFor(confirmation.action).fields;
  const approved = stage === "running" || stage === "executed" || stage === "failed";
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium">
        {approved ? "Approved with changes" : "Changed from the proposal"}
      </p>
      <ul className="list-disc space-y-0.5 pl-5">
        {changes.map(({ key, from, to }) => (
          <li key={key} className="break-words">
            {fieldLabel(fields, key)}: {quoted(from)} → {quoted(to)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What went wrong, as the stored outcome words it (a sentence), or a plain one when it does not. */
export function failureOf(outcome: Record<string, unknown>): string {
  const message = typeof outcome.message === "string" ? outcome.message.trim() : "";
  if (message === "") return "The action did not finish.";
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/** What happened to a proposed action, in words, and what the person can do next. */
export function ConfirmationOutcome({
  stage,
  confirmation,
}: {
  stage: Stage;
  confirmation: ConfirmationView;
}) {
  const outcome = asRecord(confirmation.outcome);
  switch (stage) {
    case "executed":
      return (
        <div className="space-y-1 border-t border-emerald-300 pt-2 dark:border-emerald-800">
          <p className="font-medium">Result</p>
          <FieldList
            record={asRecord(outcome.result)}
            fields={presenterFor(confirmation.action).result}
            only
          />
        </div>
      );
    case "failed":
      return (
        <p>{`${failureOf(outcome)} It is not tried again on its own: pick it in the list above for a new proposal, or choose something else.`}</p>
      );
    case "rejected":
      return (
        <p>
          Nothing was sent. The list above is open again: choose another option, or pick this one
          for a new proposal.
        </p>
      );
    case "expired":
      return (
        <p>
          Nobody decided in time, so nothing was sent. The list above is open again: pick it for a
          new proposal, or choose something else.
        </p>
      );
    case "running":
      return <p>Working on it…</p>;
    case "pending":
      return null;
  }
}
