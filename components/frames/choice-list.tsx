"use client";

import { useId } from "react";
import { ErrorNote } from "@/components/ui/error-note";
import { useOlderVersion } from "@/components/chat/older-version";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ChoiceListProps } from "@/lib/component-frames";
import { choiceListState } from "./choice-list-state";
import { ChoiceListStatus } from "./choice-list-status";
import { ChoiceOption } from "./choice-option";
import type { FrameProps } from "./frame-props";
import { unavailableSentence } from "./frame-refusals";
import { useChoicePick } from "./use-choice-pick";
import { READ_ONLY_REASON, useReadOnly } from "@/components/chat/read-only";

/**
 * A ChoiceList frame: a fieldset of native buttons, closed once answered (`choiceListState`).
 * Options whose action the app refuses are drawn unavailable, saying why.
 */
export function ChoiceList({ part, item, chatId, onProposed }: FrameProps) {
  const baseId = useId();
  const hydrated = useHydrated();
  const older = useOlderVersion();
  const readOnly = useReadOnly();
  const { pending, error, recorded, status, alert, pick } = useChoicePick({
    chatId,
    itemId: item.id,
    revision: item.revision,
    instanceId: part.instanceId,
    onProposed,
  });
  // A frame is stored only once its props pass the component's schema (resolveComponentFrame).
  const { prompt, choices } = part.props as ChoiceListProps;
  const { closed: answeredOrUnfinished, ...state } = choiceListState(
    item,
    part.instanceId,
    recorded,
  );
  // An earlier version of the reply is drawn, never answered (decision 021); nor is a shared copy.
  const closed = answeredOrUnfinished || older || readOnly;
  const { standing } = state;

  return (
    <fieldset
      className="space-y-2 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700"
      data-instance={part.instanceId}
    >
      <legend className="px-1 font-medium">{prompt}</legend>
      <ul className="space-y-2">
        {choices.map((choice) => {
          const refused = part.refusedChoices?.[choice.id];
          const unavailable = refused
            ? unavailableSentence(refused, choice.action?.name ?? "")
            : null;
          return (
            <li key={choice.id}>
              <ChoiceOption
                choice={choice}
                chosen={standing?.choiceId === choice.id}
                passedOver={standing !== undefined && standing.choiceId !== choice.id}
                unavailable={unavailable}
                disabled={
                  !hydrated ||
                  closed ||
                  pending !== null ||
                  unavailable !== null ||
                  error?.choiceId === choice.id
                }
                sending={pending === choice.id}
                baseId={baseId}
                onPick={() => void pick(choice.id, choice.action?.name)}
              />
            </li>
          );
        })}
      </ul>
      <p
        ref={status}
        tabIndex={-1}
        aria-live="polite"
        className="text-sm text-zinc-600 dark:text-zinc-400"
      >
        {readOnly && !state.standing ? (
          READ_ONLY_REASON
        ) : (
          <ChoiceListStatus {...state} streaming={item.status === "streaming"} />
        )}
      </p>
      <div ref={alert} tabIndex={-1}>
        {error && <ErrorNote>{error.message}</ErrorNote>}
      </div>
    </fieldset>
  );
}
