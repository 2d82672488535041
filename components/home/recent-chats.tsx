"use client";

import Link from "next/link";
import { useChatList } from "@/components/shell/chat-list-context";
import { LocalTime } from "@/components/ui/local-time";

/** The visitor's latest chats with when each last changed; the same list the sidebar shows. */
export function RecentChats() {
  const { chats } = useChatList();
  if (chats.length === 0)
    return <p className="text-zinc-600 dark:text-zinc-400">No chats yet. Pick a starter above.</p>;
  return (
    <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {chats.slice(0, 10).map((chat) => (
        <li key={chat.id}>
          <Link
            href={`/chats/${chat.id}`}
            className="flex items-center justify-between gap-4 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-900"
          >
            <span className="min-w-0 truncate">{chat.title}</span>
            <span className="shrink-0 text-sm text-zinc-600 dark:text-zinc-400">
              {chat.replying ? "replying…" : <LocalTime iso={chat.updatedAt} />}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
