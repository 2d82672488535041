"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { CloseIcon } from "@/components/ui/icons";
import { COMPOSER_SELECTOR, shortcutOf } from "@/components/ui/shortcuts";

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

function focusComposer(): void {
  document.querySelector<HTMLElement>(COMPOSER_SELECTOR)?.focus();
}

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
 * The app-wide shortcuts (stopping a reply is the Stop button's own) and the dialog that lists
 * them. The dialog is modal: the page behind is inert, Escape closes it, and focus goes back to
 * where it was.
 */
export function KeyboardShortcuts() {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const router = useRouter();
  const pathname = usePathname();
  // Set by the new-chat shortcut: the home page's field takes focus once it is drawn.
  const focusOnHome = useRef(false);

  useEffect(() => {
    if (pathname !== "/" || !focusOnHome.current) return;
    focusOnHome.current = false;
    focusComposer();
  }, [pathname]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const shortcut = shortcutOf(event, event.target);
      if (shortcut === "new-chat") {
        event.preventDefault();
        dialog.current?.close();
        if (pathname === "/") return focusComposer();
        focusOnHome.current = true;
        router.push("/");
      } else if (shortcut === "focus-composer") {
        event.preventDefault();
        focusComposer();
      } else if (shortcut === "help" && !dialog.current?.open) {
        event.preventDefault();
        returnTo.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        dialog.current?.showModal();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [pathname, router]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="shortcuts-title"
      onClose={() => {
        returnTo.current?.focus();
        returnTo.current = null;
      }}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
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
          onClick={() => dialog.current?.close()}
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
