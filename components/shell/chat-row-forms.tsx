"use client";

import type { KeyboardEvent } from "react";
import { ErrorNote } from "@/components/ui/error-note";
import { canSave, type RowState } from "./chat-row-state";

const SMALL_BUTTON = "rounded-md px-2 py-1 text-sm font-medium";

type FormProps = { chatId: string; chatTitle: string; state: RowState; cancel: () => void };

// Escape cancels the form only: handled here, it is no close request for the phone's sheet.
function cancelOnEscape(cancel: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    cancel();
  };
}

export function RenameForm({
  chatId,
  state,
  cancel,
  edit,
  save,
}: FormProps & { edit: (title: string) => void; save: () => void }) {
  return (
    <form
      className="space-y-2 rounded-md bg-zinc-100 p-2 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave(state)) save();
      }}
    >
      <label
        htmlFor={`title-${chatId}`}
        className="block text-xs font-medium text-zinc-600 dark:text-zinc-400"
      >
        Chat title
      </label>
      <input
        id={`title-${chatId}`}
        value={state.title}
        maxLength={100}
        autoFocus
        onChange={(event) => edit(event.target.value)}
        onKeyDown={cancelOnEscape(cancel)}
        className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      />
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={!canSave(state)}
          className={`${SMALL_BUTTON} bg-indigo-600 text-white disabled:opacity-50`}
        >
          Save
        </button>
        <button
          type="button"
          onClick={cancel}
          className={`${SMALL_BUTTON} hover:bg-zinc-200 dark:hover:bg-zinc-800`}
        >
          Cancel
        </button>
      </div>
      {state.error && <ErrorNote>{state.error}</ErrorNote>}
    </form>
  );
}

export function DeleteConfirm({
  chatTitle,
  state,
  cancel,
  remove,
}: FormProps & { remove: () => void }) {
  return (
    <div
      role="group"
      aria-label={`Delete “${chatTitle}”`}
      onKeyDown={cancelOnEscape(cancel)}
      className="space-y-2 rounded-md bg-red-50 p-2 dark:bg-red-950/40"
    >
      <p className="text-sm">
        Delete <span className="font-medium">“{chatTitle}”</span> and everything in it? This cannot
        be undone.
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={state.busy}
          onClick={remove}
          className={`${SMALL_BUTTON} bg-red-700 text-white disabled:opacity-50`}
        >
          Delete
        </button>
        {/* Focus starts on the choice that loses nothing: Enter twice never deletes a chat. */}
        <button
          type="button"
          autoFocus
          onClick={cancel}
          className={`${SMALL_BUTTON} hover:bg-red-100 dark:hover:bg-red-900/40`}
        >
          Cancel
        </button>
      </div>
      {state.error && <ErrorNote>{state.error}</ErrorNote>}
    </div>
  );
}
