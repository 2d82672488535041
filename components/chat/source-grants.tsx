"use client";

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useCloseOnOutsidePointer } from "@/components/ui/menu";
import { refusalSentence } from "@/components/ui/refusals";
import { postJson } from "@/lib/chat/wire/client-api";
import type { ChatGrants } from "@/lib/chat/wire/responses";
import type { Grants } from "./source-grants-panel";

// The panel is drawn only once opened: it loads then, or as the button is pointed at or focused.
const loadPanel = () => import("./source-grants-panel");
const GrantsPanel = lazy(() => loadPanel().then((module) => ({ default: module.GrantsPanel })));

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
  // Once the panel is drawn (its chunk may arrive after the press), focus moves into it unless the
  // button opened it; Escape gives focus back to what had it.
  const shown = useCallback(() => {
    opener.current = document.activeElement;
    if (opener.current !== trigger.current) panel.current?.focus();
  }, []);
  // Tagged with its chat, so a read that answers after the page moved to another chat is not shown.
  const [read, setRead] = useState<{ chatId: string; grants: Grants } | null>(null);
  const grants = read?.chatId === chatId ? read.grants : null;
  const setGrants = (loaded: Grants) => setRead({ chatId, grants: loaded });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reading = useRef<string | null>(null);
  // Read when the button is pointed at or focused, and again on opening, one read at a time.
  const load = useCallback(() => {
    void loadPanel();
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
        <Suspense fallback={null}>
          <GrantsPanel
            panel={panel}
            onShown={shown}
            grants={grants}
            pending={pending}
            error={error}
            toggle={(grant, granted) => void toggle(grant, granted)}
            onEscape={() => {
              close();
              if (opener.current instanceof HTMLElement) opener.current.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
