"use client";

import { usePathname } from "next/navigation";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { getJson } from "@/lib/chat/wire/client-api";
import type { ChatListEntry } from "@/lib/chat/wire";
import type { ChatList as ChatListAnswer } from "@/lib/chat/wire/responses";
import { isSharePage } from "./share-page";

/** A change one tab made that every other tab of this browser applies at once. */
type ListChange =
  { type: "renamed"; chatId: string; title: string } | { type: "deleted"; chatId: string };

type ChatList = {
  chats: ChatListEntry[];
  /** Chats deleted since this page loaded, here or in another tab: their pages say so. */
  deleted: ReadonlySet<string>;
  /** Applies a change here and tells the other tabs. */
  announce(change: ListChange): void;
  /** Applies a change this tab learned from the chat's own stream (every tab hears that too). */
  apply(change: ListChange): void;
};

const ChatListContext = createContext<ChatList>({
  chats: [],
  deleted: new Set(),
  announce: () => undefined,
  apply: () => undefined,
});

export function useChatList(): ChatList {
  return useContext(ChatListContext);
}

// Tabs of one browser share the visitor's cookie, so they are the visitor's every open tab.
const CHANNEL = "answerable-chats";
const REPLYING_POLL_MS = 4_000;

/**
 * The visitor's chats for the sidebar, shared by every part of the page. It starts from the
 * server's list, is read again on navigation, when the tab regains focus and while a chat is
 * replying, and applies renames and deletions from other tabs as they happen (a BroadcastChannel).
 */
export function ChatListProvider({
  initial,
  children,
}: {
  initial: ChatListEntry[];
  children: React.ReactNode;
}) {
  const [chats, setChats] = useState(initial);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const channel = useRef<BroadcastChannel | null>(null);
  const pathname = usePathname();
  const first = useRef(true);

  const apply = useCallback((change: ListChange) => {
    if (change.type === "renamed") {
      setChats((list) =>
        list.map((chat) => (chat.id === change.chatId ? { ...chat, title: change.title } : chat)),
      );
    } else {
      setChats((list) => list.filter((chat) => chat.id !== change.chatId));
      setDeleted((ids) => new Set([...ids, change.chatId]));
    }
  }, []);

  const refresh = useCallback(async () => {
    if (isSharePage(window.location.pathname)) return;
    const list = await getJson<ChatListAnswer>("/api/chats");
    if (list) setChats(list.chats);
  }, []);

  useEffect(() => {
    // The server's list is fresh on the first render; a navigation may have made a chat since.
    if (first.current) first.current = false;
    else void refresh();
  }, [pathname, refresh]);

  // "replying…" must not outlive the reply: while one is running, the list is read again now and then.
  const replying = chats.some((chat) => chat.replying);
  useEffect(() => {
    if (!replying) return;
    const timer = setInterval(() => void refresh(), REPLYING_POLL_MS);
    return () => clearInterval(timer);
  }, [replying, refresh]);

  useEffect(() => {
    const onFocus = () => void refresh();
    window.addEventListener("focus", onFocus);
    if (typeof BroadcastChannel !== "undefined") {
      channel.current = new BroadcastChannel(CHANNEL);
      channel.current.onmessage = (message: MessageEvent<ListChange>) => apply(message.data);
    }
    return () => {
      window.removeEventListener("focus", onFocus);
      channel.current?.close();
      channel.current = null;
    };
  }, [apply, refresh]);

  const value = useMemo<ChatList>(
    () => ({
      chats,
      deleted,
      apply,
      announce(change) {
        apply(change);
        channel.current?.postMessage(change);
      },
    }),
    [chats, deleted, apply],
  );
  return <ChatListContext.Provider value={value}>{children}</ChatListContext.Provider>;
}
