"use client";

import Link from "next/link";
import { PencilIcon, TrashIcon } from "@/components/ui/icons";
import type { ChatListEntry } from "@/lib/chat/wire";
import { DeleteConfirm, RenameForm } from "./chat-row-forms";
import { useChatRow } from "./use-chat-row";

const ICON_BUTTON =
  "rounded-md p-1.5 text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

/** One chat in the list: a link to it, and its rename and delete actions, each done in place. */
export function ChatListRow({ chat, current }: { chat: ChatListEntry; current: boolean }) {
  const { state, link, openRename, openDelete, edit, cancel, rename, remove } = useChatRow(
    chat,
    current,
  );
  const form = { chatId: chat.id, chatTitle: chat.title, state, cancel };
  if (state.mode === "rename")
    return <RenameForm {...form} edit={edit} save={() => void rename()} />;
  if (state.mode === "delete") return <DeleteConfirm {...form} remove={() => void remove()} />;
  return (
    <div
      className={`group flex items-center gap-1 rounded-md pr-1 ${current ? "bg-zinc-200 dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-900"}`}
    >
      <Link
        ref={link}
        href={`/chats/${chat.id}`}
        aria-current={current ? "page" : undefined}
        className="min-w-0 flex-1 truncate px-2 py-2 text-sm"
      >
        {chat.title}
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
    </div>
  );
}
