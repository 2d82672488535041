"use client";

import { useEffect, useRef, useState } from "react";
import { useChatActions } from "@/components/chat/chat-actions";
import { ErrorNote } from "@/components/ui/error-note";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ApiError, postJson } from "@/lib/chat/wire/client-api";
import { confirmationViewSchema, type ConfirmationView } from "@/lib/chat/wire";
import { asRecord, FieldList } from "./confirmation-details";
import { decidedElsewhere } from "./frame-refusals";
import { presenterFor, stageOf, type Stage } from "./tool-presenters";
import { formatLeft, useSecondsLeft } from "./use-seconds-left";

// How far along a handle is, so the newer of two views of it (the stream's, a response's) wins.
const RANK: Record<ConfirmationView["status"], number> = { pending: 0, approving: 1, rejecting: 1, expiring: 1, approved: 2, rejected: 2, expired: 2 };

const FRAME: Record<Stage, string> = {
  pending: "border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/30",
  running: "border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/30",
  executed: "border-emerald-400 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/30",
  failed: "border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/30",
  rejected: "border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900",
  expired: "border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900",
};

/** What went wrong, as the stored outcome words it (a sentence), or a plain one when it does not. */
function failureOf(outcome: Record<string, unknown>): string {
  const message = typeof outcome.message === "string" ? outcome.message.trim() : "";
  if (message === "") return "The action did not finish.";
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

function Outcome({ stage, confirmation }: { stage: Stage; confirmation: ConfirmationView }) {
  const outcome = asRecord(confirmation.outcome);
  switch (stage) {
    case "executed":
      return (
        <div className="space-y-1 border-t border-emerald-300 pt-2 dark:border-emerald-800">
          <p className="font-medium">Result</p>
          <FieldList record={asRecord(outcome.result)} fields={presenterFor(confirmation.action).result} only />
        </div>
      );
    case "failed":
      return <p>{`${failureOf(outcome)} It is not tried again on its own: pick it in the list above for a new proposal, or choose something else.`}</p>;
    case "rejected":
      return <p>Nothing was sent. The list above is open again: choose another option, or pick this one for a new proposal.</p>;
    case "expired":
      return <p>Nobody decided in time, so nothing was sent. The list above is open again: pick it for a new proposal, or choose something else.</p>;
    case "running":
      return <p>Working on it…</p>;
    case "pending":
      return null;
  }
}

/**
 * Asks a person to approve or reject the tool call a choice proposed, before anything runs, and
 * then says in words what happened. At 0:00 it turns expired in place and reads the chat again,
 * which settles the handle on the server and tells the agent. Focus comes here when this tab's
 * pick proposed it (`focusOnMount`), and moves to the outcome after a decision.
 */
export function ConfirmationCard({ confirmation: streamed, chatId, focusOnMount }: { confirmation: ConfirmationView; chatId: string; focusOnMount: boolean }) {
  const [answered, setAnswered] = useState<ConfirmationView | null>(null);
  const confirmation = answered && RANK[answered.status] > RANK[streamed.status] ? answered : streamed;
  const secondsLeft = useSecondsLeft(confirmation.expiresAt, confirmation.status === "pending");
  const stage = stageOf(confirmation, secondsLeft === 0);
  const presenter = presenterFor(confirmation.action);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  // This tab's decision came second: the card says who decided, not only what happened.
  const [elsewhere, setElsewhere] = useState<string | null>(null);
  const card = useRef<HTMLElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const { resync } = useChatActions();
  const titleId = `confirm-${confirmation.token}`;
  const timedOut = confirmation.status === "pending" && secondsLeft === 0;

  useEffect(() => {
    if (focusOnMount) card.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    if (timedOut) void resync();
  }, [timedOut, resync]);

  async function decide(decision: "approve" | "reject") {
    setBusy(true);
    setError(null);
    let settled: unknown;
    let refusal: unknown = null;
    try {
      settled = asRecord(await postJson(`/api/chats/${chatId}/confirmations/${confirmation.token}`, { decision })).confirmation;
    } catch (caught) {
      // A refusal carries the handle as it stands (decided elsewhere, or expired): the card says it.
      refusal = caught;
      settled = caught instanceof ApiError ? caught.body?.confirmation : undefined;
    }
    setBusy(false);
    const parsed = confirmationViewSchema.safeParse(settled);
    if (!parsed.success) return setError("The decision could not be sent. Check your connection and try again.");
    setAnswered(parsed.data);
    setElsewhere(decidedElsewhere(refusal, parsed.data));
    // The buttons go with the decision; the person lands on what happened instead.
    outcome.current?.focus();
  }

  return (
    <section ref={card} tabIndex={-1} aria-labelledby={titleId} className={`space-y-3 rounded-lg border p-3 ${FRAME[stage]}`}>
      <h2 id={titleId} className="font-semibold">
        {presenter.headline(stage, confirmation.input)}
      </h2>
      <FieldList record={confirmation.input} fields={presenter.fields} />
      {stage === "pending" && (
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
            <button type="button" disabled={busy || !hydrated} onClick={() => void decide("approve")} className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white disabled:opacity-50">
              Approve
            </button>
            <button type="button" disabled={busy || !hydrated} onClick={() => void decide("reject")} className="rounded-md border border-zinc-400 px-3 py-1.5 font-medium disabled:opacity-50 dark:border-zinc-600">
              Reject
            </button>
          </div>
        </>
      )}
      <div ref={outcome} tabIndex={-1} role="status" className="space-y-1 text-sm">
        {elsewhere && <p className="font-medium">{elsewhere}</p>}
        <Outcome stage={stage} confirmation={confirmation} />
      </div>
      {error && <ErrorNote>{error}</ErrorNote>}
    </section>
  );
}
