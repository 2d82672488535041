"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { ErrorNote } from "@/components/ui/error-note";
import { PencilIcon, TrashIcon } from "@/components/ui/icons";
import { refusalSentence } from "@/components/ui/refusals";
import { sendJson } from "@/lib/chat/wire/client-api";
import type { ChatListEntry } from "@/lib/chat/wire";
import { useChatList } from "./chat-list-context";

const ICON_BUTTON =
  "rounded-md p-1.5 text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";
const SMALL_BUTTON = "rounded-md px-2 py-1 text-sm font-medium";


/** One chat in the list: a link to it, and its rename and delete actions, each done in place. */
export function ChatListRow({ chat, current }: { chat: ChatListEntry; current: boolean }) {
  const router = useRouter();
  const { announce } = useChatList();
  const [mode, setMode] = useState<"view" | "rename" | "delete">("view");
  const [title, setTitle] = useState(chat.title);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // When a form closes, focus goes back to the row's link, not to the page: the action buttons
  // are hidden on a wide screen until the row has focus, so they cannot take it first.
  const returning = useRef(false);
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (mode !== "view" || !returning.current) return;
    returning.current = false;
    link.current?.focus();
  }, [mode]);

  function open(next: "rename" | "delete") {
    returning.current = true;
    setError(null);
    setMode(next);
  }

  async function run(action: () => Promise<void>, doing: string) {
    setBusy(true);
    setError(null);
    try {
      await action();
      setMode("view");
    } catch (caught) {
      setError(refusalSentence(caught, `The chat could not be ${doing}`));
    } finally {
      setBusy(false);
    }
  }

  const rename = () =>
    run(async () => {
      await sendJson("PATCH", `/api/chats/${chat.id}`, { title });
      announce({ type: "renamed", chatId: chat.id, title: title.trim() });
    }, "renamed");

  const remove = () =>
    run(async () => {
      await sendJson("DELETE", `/api/chats/${chat.id}`);
      announce({ type: "deleted", chatId: chat.id });
      if (current) router.push("/");
    }, "deleted");

  // Escape cancels the form only: handled here, it is no close request for the phone's sheet.
  function cancelOnEscape(event: KeyboardEvent) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    setMode("view");
  }

  if (mode === "rename") {
    return (
      <form
        key="rename"
        className="space-y-2 rounded-md bg-zinc-100 p-2 dark:bg-zinc-900"
        onSubmit={(event) => {
          event.preventDefault();
          if (title.trim()) void rename();
        }}
      >
        <label htmlFor={`title-${chat.id}`} className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Chat title
        </label>
        <input
          id={`title-${chat.id}`}
          value={title}
          maxLength={100}
          autoFocus
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={cancelOnEscape}
          className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        />
        <div className="flex gap-2">
          <button type="submit" disabled={busy || !title.trim()} className={`${SMALL_BUTTON} bg-indigo-600 text-white disabled:opacity-50`}>
            Save
          </button>
          <button type="button" onClick={() => setMode("view")} className={`${SMALL_BUTTON} hover:bg-zinc-200 dark:hover:bg-zinc-800`}>
            Cancel
          </button>
        </div>
        {error && <ErrorNote>{error}</ErrorNote>}
      </form>
    );
  }

  if (mode === "delete") {
    return (
      <div
        key="delete"
        role="group"
        aria-label={`Delete “${chat.title}”`}
        onKeyDown={cancelOnEscape}
        className="space-y-2 rounded-md bg-red-50 p-2 dark:bg-red-950/40">
        <p className="text-sm">
          Delete <span className="font-medium">“{chat.title}”</span> and everything in it? This cannot be undone.
        </p>
        <div className="flex gap-2">
          <button type="button" disabled={busy} onClick={() => void remove()} className={`${SMALL_BUTTON} bg-red-700 text-white disabled:opacity-50`}>
            Delete
          </button>
          {/* Focus starts on the choice that loses nothing: Enter twice never deletes a chat. */}
          <button type="button" autoFocus onClick={() => setMode("view")} className={`${SMALL_BUTTON} hover:bg-red-100 dark:hover:bg-red-900/40`}>
            Cancel
          </button>
        </div>
        {error && <ErrorNote>{error}</ErrorNote>}
      </div>
    );
  }

  return (
    <div key="view" className={`group flex items-center gap-1 rounded-md pr-1 ${current ? "bg-zinc-200 dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-900"}`}>
      <Link ref={link} href={`/chats/${chat.id}`} aria-current={current ? "page" : undefined} className="min-w-0 flex-1 truncate px-2 py-2 text-sm">
        {chat.title}
      </Link>
      {/* Always there on a phone; on a wide screen they appear on hover or once the row has focus
          (Tab from the link reaches them), so titles get the whole width otherwise. */}
      <div className="flex shrink-0 gap-0.5 lg:hidden lg:group-focus-within:flex lg:group-hover:flex">
        <button
          type="button"
          aria-label={`Rename “${chat.title}”`}
          title="Rename"
          onClick={() => {
            setTitle(chat.title);
            open("rename");
          }}
          className={ICON_BUTTON}
        >
          <PencilIcon />
        </button>
        <button type="button" aria-label={`Delete “${chat.title}”`} title="Delete" onClick={() => open("delete")} className={ICON_BUTTON}>
          <TrashIcon />
        </button>
      </div>
    </div>
  );
}
