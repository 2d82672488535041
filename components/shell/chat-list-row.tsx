"use client";

import Link from "next/link";
import { lazy, Suspense } from "react";
import { useNow, useTimeZone } from "@/components/ui/clock";
import { PencilIcon, TrashIcon } from "@/components/ui/icons";
import { listTime } from "@/components/ui/time-zone";
import { useTooltip } from "@/components/ui/tooltip";
import type { ChatListEntry } from "@/lib/chat/wire";
import { useChatRow } from "./use-chat-row";

// A row draws its rename form or delete confirmation only once asked: they load then.
const loadForms = () => import("./chat-row-forms");
const RenameForm = lazy(() => loadForms().then((module) => ({ default: module.RenameForm })));
const DeleteConfirm = lazy(() => loadForms().then((module) => ({ default: module.DeleteConfirm })));

const ICON_BUTTON =
  "rounded-md p-1.5 text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

/**
 * One chat in the list: a link to it with when it last moved, its last message as the link's
 * description (a tooltip on hover or focus), so two chats of one title tell apart; and its rename
 * and delete actions, each done in place.
 */
export function ChatListRow({ chat, current }: { chat: ChatListEntry; current: boolean }) {
  const { state, link, openRename, openDelete, edit, cancel, rename, remove } = useChatRow(
    chat,
    current,
  );
  const now = useNow();
  const zone = useTimeZone();
  const { shown, area, anchor } = useTooltip();
  const form = { chatId: chat.id, chatTitle: chat.title, state, cancel };
  if (state.mode === "rename")
    return (
      <Suspense fallback={null}>
        <RenameForm {...form} edit={edit} save={() => void rename()} />
      </Suspense>
    );
  if (state.mode === "delete")
    return (
      <Suspense fallback={null}>
        <DeleteConfirm {...form} remove={() => void remove()} />
      </Suspense>
    );
  const last = chat.lastMessage;
  const preview = last && (last.fromYou ? `You: ${last.text}` : last.text);
  return (
    <>
      <div
        {...area}
        className={`group relative flex items-center gap-1 rounded-md pr-1 ${current ? "bg-zinc-200 dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-900"}`}
      >
        <Link
          ref={link}
          href={`/chats/${chat.id}`}
          aria-current={current ? "page" : undefined}
          aria-description={preview || undefined}
          {...anchor}
          className="flex min-w-0 flex-1 items-baseline gap-2 px-2 py-2 text-sm"
        >
          <span className="min-w-0 flex-1 truncate">{chat.title}</span>
          <time
            dateTime={chat.updatedAt}
            className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400"
          >
            {listTime(Date.parse(chat.updatedAt), now, zone)}
          </time>
        </Link>
        {/* Always there on a phone; on a wide screen they appear on hover or once the row has focus. */}
        <div className="flex shrink-0 gap-0.5 lg:hidden lg:group-focus-within:flex lg:group-hover:flex">
          <button
            type="button"
            aria-label={`Rename “${chat.title}”`}
            title="Rename"
            onClick={openRename}
            className={ICON_BUTTON}
          >
            <PencilIcon />
          </button>
          <button
            type="button"
            aria-label={`Delete “${chat.title}”`}
            title="Delete"
            onClick={openDelete}
            className={ICON_BUTTON}
          >
            <TrashIcon />
          </button>
        </div>
        {preview && shown && (
          <span
            role="tooltip"
            className="absolute left-2 right-2 top-full z-10 mt-0.5 line-clamp-3 rounded-md bg-zinc-900 px-2 py-1.5 text-xs text-white shadow dark:bg-zinc-100 dark:text-zinc-900"
          >
            {preview}
          </span>
        )}
      </div>
    </>
  );
}
