"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useNow, useTimeZone } from "@/components/ui/clock";
import { AppMark, PlusIcon } from "@/components/ui/icons";
import { groupChats } from "./chat-groups";
import { useChatList } from "./chat-list-context";
import { ChatListRow } from "./chat-list-row";
import { ChatSearch } from "./chat-search";
import { ThemeSwitch } from "./theme-switch";

/** The app's mark and name, linking home. */
export function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight">
      <AppMark className="size-7" />
      Answerable
    </Link>
  );
}

function NewChatLink({ className = "" }: { className?: string }) {
  return (
    <Link
      href="/"
      className={`inline-flex items-center justify-center gap-1.5 rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-900 ${className}`}
    >
      <PlusIcon />
      New chat
    </Link>
  );
}

/** The chat list: new chat, a search, then the visitor's chats by last activity (Today, Yesterday…), most recent first. */
export function Sidebar() {
  const { chats } = useChatList();
  const pathname = usePathname();
  const groups = groupChats(chats, useNow(), useTimeZone());
  return (
    <div className="flex h-full min-h-0 flex-col gap-3 p-3">
      <div className="hidden px-1 lg:block">
        <Brand />
      </div>
      <NewChatLink className="w-full" />
      <ChatSearch>
        <nav aria-label="Chats" className="min-h-0 flex-1 space-y-4 overflow-y-auto">
          {groups.length === 0 ? (
            <p className="px-2 text-sm text-zinc-600 dark:text-zinc-400">
              Your chats will appear here.
            </p>
          ) : (
            groups.map((group) => (
              <section key={group.label} aria-label={group.label}>
                <h2 className="px-2 pb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
                  {group.label}
                </h2>
                <ul className="space-y-0.5">
                  {group.chats.map((chat) => (
                    <li key={chat.id}>
                      <ChatListRow chat={chat} current={pathname === `/chats/${chat.id}`} />
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </nav>
      </ChatSearch>
      <ThemeSwitch />
    </div>
  );
}
