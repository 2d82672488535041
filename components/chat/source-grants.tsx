"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ErrorNote } from "@/components/ui/error-note";
import { useCloseOnOutsidePointer } from "@/components/ui/menu";
import { refusalSentence } from "@/components/ui/refusals";
import { SOURCE_GRANT_NAMES, SOURCE_GRANTS } from "@/lib/live-sources/grants";
import { postJson } from "@/lib/chat/wire/client-api";
import type { ChatGrants } from "@/lib/chat/wire/responses";

type Grants = ChatGrants["grants"];

async function loadGrants(chatId: string): Promise<Grants> {
  const response = await fetch(`/api/chats/${chatId}/grants`);
  if (!response.ok) throw new Error(`grants: ${response.status}`);
  return ((await response.json()) as ChatGrants).grants;
}

/**
 * The chat's source grants, as switches behind a "Data access" button (loaded when opened):
 * withdrawing one makes its live blocks' reads, and choices on replies read with it, refused in
 * the source's words; restoring it opens reads again. The header holds `open`, so its phone menu
 * opens the panel too (the button is hidden there): focus then moves into the panel, and Escape
 * gives it back to whatever opened it.
 */
export function SourceGrants({
  chatId,
  open,
  setOpen,
}: {
  chatId: string;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const area = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const close = useCallback(() => setOpen(false), [setOpen]);
  useCloseOnOutsidePointer(area, open, close);
  useEffect(() => {
    if (!open) return;
    opener.current = document.activeElement;
    if (opener.current !== trigger.current) panel.current?.focus();
  }, [open]);
  // Tagged with its chat, so a read that answers after the page moved to another chat is not shown.
  const [read, setRead] = useState<{ chatId: string; grants: Grants } | null>(null);
  const grants = read?.chatId === chatId ? read.grants : null;
  const setGrants = (loaded: Grants) => setRead({ chatId, grants: loaded });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reading = useRef<string | null>(null);
  // Read when the button is pointed at or focused, and again on opening, one read at a time.
  const load = useCallback(() => {
    if (reading.current === chatId) return;
    reading.current = chatId;
    loadGrants(chatId)
      .then(
        (loaded) => setRead({ chatId, grants: loaded }),
        (caught: unknown) =>
          setError(refusalSentence(caught, "The chat's data access could not be loaded")),
      )
      .finally(() => {
        if (reading.current === chatId) reading.current = null;
      });
  }, [chatId]);
  useEffect(() => {
    if (open) load();
  }, [open, load]);

  async function toggle(grant: string, granted: boolean) {
    setPending(true);
    setError(null);
    try {
      setGrants(
        (await postJson<ChatGrants>(`/api/chats/${chatId}/grants`, { grant, granted })).grants,
      );
    } catch (caught) {
      setError(
        refusalSentence(
          caught,
          granted ? "The access could not be restored" : "The access could not be withdrawn",
        ),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    // On a phone the button is hidden and the panel hangs from the header itself.
    <div ref={area} className="shrink-0 sm:relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onPointerEnter={load}
        onFocus={load}
        className="hidden rounded-md px-2 py-1 text-xs text-zinc-600 hover:bg-zinc-100 sm:block dark:text-zinc-400 dark:hover:bg-zinc-800"
      >
        Data access
      </button>
      {open && (
        <div
          ref={panel}
          role="group"
          aria-label="Data access"
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            event.preventDefault();
            close();
            if (opener.current instanceof HTMLElement) opener.current.focus();
          }}
          className="absolute right-0 top-full z-10 mt-1 flex w-64 flex-col gap-2 rounded-md border border-zinc-200 bg-white p-3 shadow dark:border-zinc-800 dark:bg-zinc-950"
        >
          {grants === null && !error && <GrantsLoading />}
          {grants?.map(({ grant, label, granted }) => (
            <button
              key={grant}
              type="button"
              role="switch"
              aria-checked={granted}
              disabled={pending}
              onClick={() => void toggle(grant, !granted)}
              className="group flex items-center gap-2 rounded-md text-left text-xs text-zinc-700 disabled:cursor-not-allowed dark:text-zinc-300"
            >
              <span
                aria-hidden="true"
                className="relative inline-flex h-4 w-7 shrink-0 items-center rounded-full bg-zinc-400 transition-colors group-aria-checked:bg-indigo-600 dark:bg-zinc-600 dark:group-aria-checked:bg-indigo-500"
              >
                <span className="ml-0.5 size-3 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-3" />
              </span>
              {label}
            </button>
          ))}
          {error && <ErrorNote>{error}</ErrorNote>}
        </div>
      )}
    </div>
  );
}

/** Before the chat's grants are read: what there is to grant, and that its state is being read. */
function GrantsLoading() {
  return (
    <>
      <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        Reading this chat’s data access…
      </p>
      <ul className="flex flex-col gap-2">
        {SOURCE_GRANT_NAMES.map((grant) => (
          <li
            key={grant}
            className="flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300"
          >
            <span
              aria-hidden="true"
              className="inline-flex h-4 w-7 shrink-0 animate-pulse rounded-full bg-zinc-200 motion-reduce:animate-none dark:bg-zinc-800"
            />
            {SOURCE_GRANTS[grant]}
          </li>
        ))}
      </ul>
    </>
  );
}
