"use client";

import { useEffect, useRef, useState } from "react";
import { useChatActions } from "@/components/chat/chat-actions";
import { useReadOnly } from "@/components/chat/read-only";
import { ErrorNote } from "@/components/ui/error-note";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ConfirmationView } from "@/lib/chat/wire";
import { FieldList } from "./confirmation-details";
import { ConfirmationEditForm } from "./confirmation-edit";
import { ConfirmationChanges, ConfirmationOutcome } from "./confirmation-outcome";
import { presenterFor, stageOf, type Stage } from "./tool-presenters";
import { type Decide, useConfirmationDecision } from "./use-confirmation-decision";
import { formatLeft, useSecondsLeft } from "./use-seconds-left";

const FRAME: Record<Stage, string> = {
  pending: "border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/30",
  running: "border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/30",
  executed: "border-emerald-400 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/30",
  failed: "border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/30",
  rejected: "border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900",
  expired: "border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900",
};

type DecisionProps = {
  secondsLeft: number | null;
  disabled: boolean;
  decide: Decide;
  /** Offered when the tool's schema has a field the page can edit. */
  onEdit: (() => void) | null;
};

/** A pending proposal: nothing runs until approved, and the time left to decide. */
function PendingDecision({ secondsLeft, disabled, decide, onEdit }: DecisionProps) {
  return (
    <>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Nothing runs until you approve.{" "}
        {secondsLeft === null ? (
          "The proposal expires five minutes after it was made."
        ) : (
          <>
            Time left: <time dateTime={`PT${secondsLeft}S`}>{formatLeft(secondsLeft)}</time>
          </>
        )}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={disabled}
          onClick={() => void decide("approve")}
          className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white disabled:opacity-50"
        >
          Approve
        </button>
        <button
          type="button"
          disabled={disabled}
          onClick={() => void decide("reject")}
          className="rounded-md border border-zinc-400 px-3 py-1.5 font-medium disabled:opacity-50 dark:border-zinc-600"
        >
          Reject
        </button>
        {onEdit && (
          <button
            type="button"
            disabled={disabled}
            onClick={onEdit}
            className="rounded-md border border-zinc-400 px-3 py-1.5 font-medium disabled:opacity-50 dark:border-zinc-600"
          >
            Edit
          </button>
        )}
      </div>
    </>
  );
}

/**
 * Asks a person to approve or reject the tool call a choice proposed, then says what happened.
 * At 0:00 it reads the chat again, which settles the handle on the server and tells the agent.
 */
export function ConfirmationCard({
  confirmation: streamed,
  chatId,
  focusOnMount,
  onReplaced,
}: {
  confirmation: ConfirmationView;
  chatId: string;
  focusOnMount: boolean;
  onReplaced?: (token: string) => void;
}) {
  const { confirmation, busy, error, faults, elsewhere, outcome, decide } = useConfirmationDecision(
    streamed,
    chatId,
    onReplaced,
  );
  const [editing, setEditing] = useState(false);
  const secondsLeft = useSecondsLeft(confirmation.expiresAt, confirmation.status === "pending");
  const stage = stageOf(confirmation, secondsLeft === 0);
  const presenter = presenterFor(confirmation.action);
  const hydrated = useHydrated();
  const readOnly = useReadOnly();
  const card = useRef<HTMLElement>(null);
  const { resync } = useChatActions();
  const titleId = `confirm-${confirmation.token}`;
  const timedOut = confirmation.status === "pending" && secondsLeft === 0;
  const form = confirmation.form;
  const editable = form?.some((field) => field.kind !== "fixed") ? form : null;
  const edit = editing && stage === "pending" && !readOnly && editable !== null;

  // This tab's pick proposed it: the person lands on the question.
  useEffect(() => {
    if (focusOnMount) card.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    if (timedOut) void resync();
  }, [timedOut, resync]);

  return (
    <section
      ref={card}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={`space-y-3 rounded-lg border p-3 ${FRAME[stage]}`}
    >
      <h2 id={titleId} className="font-semibold">
        {presenter.headline(stage, confirmation.input)}
      </h2>
      {edit ? (
        <ConfirmationEditForm
          input={confirmation.input}
          fields={editable}
          presenterFields={presenter.fields}
          faults={faults}
          disabled={busy || !hydrated}
          onCancel={() => {
            setEditing(false);
            card.current?.focus();
          }}
          onApprove={(input) => void decide("edit", input)}
        />
      ) : (
        <FieldList record={confirmation.input} fields={presenter.fields} />
      )}
      <ConfirmationChanges stage={stage} confirmation={confirmation} />
      {stage === "pending" &&
        !edit &&
        (readOnly ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Waiting for the chat&rsquo;s owner to approve or reject it.
          </p>
        ) : (
          <PendingDecision
            secondsLeft={secondsLeft}
            disabled={busy || !hydrated}
            decide={decide}
            onEdit={editable ? () => setEditing(true) : null}
          />
        ))}
      <div ref={outcome} tabIndex={-1} role="status" className="space-y-1 text-sm">
        {elsewhere && <p className="font-medium">{elsewhere}</p>}
        <ConfirmationOutcome stage={stage} confirmation={confirmation} />
      </div>
      {error && <ErrorNote>{error}</ErrorNote>}
    </section>
  );
}
