"use client";

import { useId, useRef, useState } from "react";
import { z } from "zod";
import { ErrorNote } from "@/components/ui/error-note";
import { useHydrated } from "@/components/ui/use-hydrated";
import { LocalTime } from "@/components/ui/local-time";
import { postJson } from "@/lib/chat/wire/client-api";
import { ChoiceListPropsSchema } from "@/lib/component-frames";
import { type ConfirmationView, confirmationOutcome, reopensList, selectionViewSchema, type SelectionView } from "@/lib/chat/wire";
import { ChoiceOption } from "./choice-option";
import type { FrameProps } from "./frame-props";
import { pickRefusal, unavailableSentence } from "./frame-refusals";

const selectionResponseSchema = z.object({ selection: selectionViewSchema });

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

/**
 * A ChoiceList frame: a labelled fieldset of native buttons, closed once answered, with the
 * unchosen options dimmed. When the action a pick proposed ended without running, the list is
 * open again (`reopensList`). Options whose action the app refuses are drawn unavailable, saying why.
 */
export function ChoiceList({ part, item, chatId, onProposed }: FrameProps) {
  const baseId = useId();
  const hydrated = useHydrated();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<{ choiceId: string; message: string } | null>(null);
  // The answer the server just gave, drawn until the chat's stream delivers the same or a later one.
  const [recorded, setRecorded] = useState<SelectionView | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const props = ChoiceListPropsSchema.safeParse(part.props);
  if (!props.success) return <p className="text-sm">{part.fallback.summary}</p>;
  const { prompt, choices } = props.data;
  const streamed = item.selections[part.instanceId];
  const answer = recorded && (!streamed || recorded.at > streamed.at) ? recorded : streamed;
  const confirmation = answer?.confirmationToken ? item.confirmations[answer.confirmationToken] : undefined;
  const reopened = confirmation !== undefined && reopensList(confirmation);
  const standing = answer !== undefined && !reopened ? answer : undefined;
  const closed = standing !== undefined || item.status !== "complete" || item.parentToolUseId !== null;

  async function pick(choiceId: string) {
    setPending(choiceId);
    setError(null);
    try {
      const response = selectionResponseSchema.parse(
        await postJson(`/api/chats/${chatId}/selections`, { itemId: item.id, instanceId: part.instanceId, choiceId }),
      );
      setRecorded(response.selection);
      // The picked button closes; focus goes to what happens next instead of to the page.
      if (response.selection.confirmationToken) onProposed?.(response.selection.confirmationToken);
      else status.current?.focus();
    } catch (caught) {
      const action = choices.find((choice) => choice.id === choiceId)?.action?.name;
      setError({ choiceId, message: pickRefusal(caught, action) });
      alert.current?.focus();
    } finally {
      setPending(null);
    }
  }

  return (
    <fieldset className="space-y-2 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700" data-instance={part.instanceId}>
      <legend className="px-1 font-medium">{prompt}</legend>
      <ul className="space-y-2">
        {choices.map((choice) => {
          const refused = part.refusedChoices?.[choice.id];
          const unavailable = refused ? unavailableSentence(refused, choice.action?.name ?? "") : null;
          return (
            <li key={choice.id}>
              <ChoiceOption
                choice={choice}
                chosen={standing?.choiceId === choice.id}
                passedOver={standing !== undefined && standing.choiceId !== choice.id}
                unavailable={unavailable}
                disabled={!hydrated || closed || pending !== null || unavailable !== null || error?.choiceId === choice.id}
                sending={pending === choice.id}
                baseId={baseId}
                onPick={() => void pick(choice.id)}
              />
            </li>
          );
        })}
      </ul>
      <p ref={status} tabIndex={-1} aria-live="polite" className="text-sm text-zinc-600 dark:text-zinc-400">
        {standing ? (
          <>
            Answered “{standing.label}” · <LocalTime iso={standing.at} />
            {standing.queued && " · queued behind the running reply"}
            {confirmation && ` · ${CONFIRMATION_STATE[confirmation.status] ?? ""}`}
          </>
        ) : answer && confirmation ? (
          <>
            “{answer.label}” {REOPENED[confirmationOutcome(confirmation) ?? ""] ?? "ended"} · <LocalTime iso={endedAt(answer, confirmation)} />. Pick again: another
            option, or the same one for a new proposal.
          </>
        ) : item.status === "streaming" ? (
          "Choices open when the reply finishes."
        ) : null}
      </p>
      <div ref={alert} tabIndex={-1}>
        {error && <ErrorNote>{error.message}</ErrorNote>}
      </div>
    </fieldset>
  );
}
