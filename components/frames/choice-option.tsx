import type { Choice } from "@/lib/component-frames";

type OptionProps = {
  choice: Choice;
  /** This option is the list's answer. */
  chosen: boolean;
  /** The list is answered and this option was not picked: drawn dimmed. */
  passedOver: boolean;
  /** Why this option cannot be picked at all, or null. */
  unavailable: string | null;
  disabled: boolean;
  sending: boolean;
  baseId: string;
  onPick(): void;
};

const LOOK = {
  open: "border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900",
  chosen: "border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950",
  dimmed:
    "border-zinc-200 bg-zinc-50 text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-400",
  waiting: "border-zinc-300 dark:border-zinc-700",
};

/** One option of a ChoiceList: a native button whose look says whether it is open, chosen or passed over. */
export function ChoiceOption({
  choice,
  chosen,
  passedOver,
  unavailable,
  disabled,
  sending,
  baseId,
  onPick,
}: OptionProps) {
  const descriptionId = `${baseId}-${choice.id}`;
  const reasonId = `${baseId}-${choice.id}-reason`;
  const look = chosen
    ? LOOK.chosen
    : passedOver || unavailable
      ? LOOK.dimmed
      : disabled
        ? LOOK.waiting
        : LOOK.open;
  const describedBy = [choice.description ? descriptionId : null, unavailable ? reasonId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <button
      type="button"
      disabled={disabled}
      aria-pressed={chosen}
      aria-describedby={describedBy || undefined}
      onClick={onPick}
      className={`w-full rounded-md border px-3 py-2 text-left disabled:cursor-not-allowed ${look}`}
    >
      <span className="block font-medium">
        {choice.label}
        {chosen && (
          <span className="ml-2 text-xs font-normal text-indigo-700 dark:text-indigo-300">
            Chosen
          </span>
        )}
        {sending && (
          <span className="ml-2 text-xs font-normal text-zinc-600 dark:text-zinc-400">
            Sending…
          </span>
        )}
      </span>
      {choice.description && (
        <span id={descriptionId} className="block text-sm text-zinc-600 dark:text-zinc-400">
          {choice.description}
        </span>
      )}
      {unavailable && (
        <span id={reasonId} className="mt-1 block text-sm text-red-700 dark:text-red-300">
          {unavailable}
        </span>
      )}
    </button>
  );
}
