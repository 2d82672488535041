"use client";

import { useEffect, type RefObject } from "react";
import { CloseIcon } from "@/components/ui/icons";

const SHORTCUTS: Array<{ keys: string[][]; does: string }> = [
  {
    keys: [
      ["Ctrl", "Shift", "O"],
      ["⌘", "Shift", "O"],
    ],
    does: "Start a new chat",
  },
  { keys: [["Shift", "Esc"]], does: "Go to the message field" },
  { keys: [["Esc"]], does: "Stop the reply being written" },
  { keys: [["?"]], does: "Show these shortcuts" },
];

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Tab and Shift+Tab go round inside a modal dialog; the browser would move on to its own bar. */
function keepFocusInside(event: React.KeyboardEvent<HTMLElement>): void {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const [first, last] = [focusable[0], focusable.at(-1)];
  if (!first || !last || document.activeElement !== (event.shiftKey ? first : last)) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/**
 * The dialog that lists the shortcuts, loaded the first time it is asked for. Modal: the page
 * behind is inert, Escape closes it, and `onClose` gives focus back to where it was.
 */
export default function ShortcutsDialog({
  dialogRef,
  onClose,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  onClose: () => void;
}) {
  // It is drawn because it was asked for: it opens as it arrives.
  useEffect(() => {
    dialogRef.current?.showModal();
  }, [dialogRef]);
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="shortcuts-title"
      onClose={onClose}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        if (event.target === dialogRef.current) dialogRef.current.close();
      }}
      className="m-auto w-[28rem] max-w-[calc(100vw-2rem)] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100 dark:backdrop:bg-black/70"
    >
      <div className="flex items-center justify-between border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <h2 id="shortcuts-title" className="font-semibold">
          Keyboard shortcuts
        </h2>
        <button
          type="button"
          aria-label="Close"
          onClick={() => dialogRef.current?.close()}
          className="rounded-md p-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-900"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <dl className="divide-y divide-zinc-200 px-4 py-1 text-sm dark:divide-zinc-800">
        {SHORTCUTS.map(({ keys, does }) => (
          <div key={does} className="flex items-center justify-between gap-4 py-2.5">
            <dt>{does}</dt>
            <dd className="flex flex-wrap justify-end gap-x-2 gap-y-1 text-right">
              {keys.map((combo, index) => (
                <span key={combo.join("+")} className="whitespace-nowrap">
                  {index > 0 && <span className="mr-2 text-zinc-600 dark:text-zinc-400">or</span>}
                  {combo.map((key, at) => (
                    <span key={key}>
                      {at > 0 && "+"}
                      <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900">
                        {key}
                      </kbd>
                    </span>
                  ))}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </dialog>
  );
}
