"use client";

import { useId, useState } from "react";
import { ChoiceListPropsSchema } from "@/lib/component-frames";
import { postJson } from "@/lib/chat/client-api";
import { z } from "zod";
import { type ComponentPart, type ConfirmationView, type ItemView, type SelectionView, selectionViewSchema } from "@/lib/chat/wire";

const selectionResponseSchema = z.object({ selection: selectionViewSchema });
import { ErrorNote } from "@/components/ui/error-note";
import { LocalTime } from "@/components/ui/local-time";

const HELP: Record<string, string> = {
  "frame-already-answered": "Reload to see the answer that was recorded.",
  "frame-not-answerable": "Wait for the reply to finish, then pick again.",
  "action-refused": "The agent proposed an action this app does not allow.",
};

const CONFIRMATION_NOTE: Record<ConfirmationView["status"], string> = {
  pending: "awaiting your confirmation",
  approving: "running",
  approved: "approved",
  rejecting: "rejecting",
  rejected: "rejected",
  expiring: "expired",
  expired: "expired",
};

/** A ChoiceList frame: a labelled fieldset of native buttons, closed once answered. */
export function ChoiceList({ part, item, chatId }: { part: ComponentPart; item: ItemView; chatId: string }) {
  const baseId = useId();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; help?: string } | null>(null);
  // The answer the server just gave, drawn until the chat's stream delivers the same.
  const [recorded, setRecorded] = useState<SelectionView | null>(null);
  const props = ChoiceListPropsSchema.safeParse(part.props);
  if (!props.success) return <p className="text-sm">{part.fallback.summary}</p>;
  const { prompt, choices } = props.data;
  const answer = item.selections[part.instanceId] ?? recorded ?? undefined;
  const closed = answer !== undefined || item.status !== "complete" || item.parentToolUseId !== null;

  async function pick(choiceId: string) {
    setPending(choiceId);
    setError(null);
    try {
      const response = selectionResponseSchema.safeParse(
        await postJson(`/api/chats/${chatId}/selections`, { itemId: item.id, instanceId: part.instanceId, choiceId }),
      );
      if (response.success) setRecorded(response.data.selection);
    } catch (caught) {
      const code = caught instanceof Error && "code" in caught ? String(caught.code) : "";
      setError({ message: caught instanceof Error ? caught.message : "The choice could not be sent.", help: HELP[code] });
    } finally {
      setPending(null);
    }
  }

  return (
    <fieldset className="space-y-2 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700" data-instance={part.instanceId}>
      <legend className="px-1 font-medium">{prompt}</legend>
      <ul className="space-y-2">
        {choices.map((choice) => {
          const chosen = answer?.choiceId === choice.id;
          const descriptionId = `${baseId}-${choice.id}`;
          return (
            <li key={choice.id}>
              <button
                type="button"
                disabled={closed || pending !== null}
                aria-pressed={chosen}
                aria-describedby={choice.description ? descriptionId : undefined}
                onClick={() => void pick(choice.id)}
                className="w-full rounded-md border border-zinc-300 px-3 py-2 text-left hover:bg-zinc-50 disabled:cursor-not-allowed disabled:hover:bg-transparent aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 dark:border-zinc-700 dark:hover:bg-zinc-900 dark:aria-pressed:bg-indigo-950"
              >
                <span className="block font-medium">
                  {choice.label}
                  {chosen && <span className="ml-2 text-xs font-normal text-indigo-700 dark:text-indigo-300">Chosen</span>}
                  {pending === choice.id && <span className="ml-2 text-xs font-normal text-zinc-500">Sending…</span>}
                </span>
                {choice.description && (
                  <span id={descriptionId} className="block text-sm text-zinc-600 dark:text-zinc-400">
                    {choice.description}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <p aria-live="polite" className="text-sm text-zinc-600 dark:text-zinc-400">
        {answer ? (
          <>
            Answered “{answer.label}” · <LocalTime iso={answer.at} />
            {answer.queued && " · queued behind the running reply"}
            {answer.confirmationToken && ` · ${CONFIRMATION_NOTE[item.confirmations[answer.confirmationToken]?.status ?? "pending"]}`}
          </>
        ) : item.status === "streaming" ? (
          "Choices open when the reply finishes."
        ) : null}
      </p>
      {error && (
        <ErrorNote>
          {error.message} {error.help}
        </ErrorNote>
      )}
    </fieldset>
  );
}
