"use client";

import { lazy, Suspense, useEffect, useMemo, useRef } from "react";
import { useChatList } from "@/components/shell/chat-list-context";
import type { ChatView, ItemView } from "@/lib/chat/wire";
import { ChatActionsContext } from "./chat-actions";
import { ChatHeader } from "./chat-header";
import { editReasons } from "./edit-reasons";
import { ReadOnlyContext } from "./read-only";
import { Composer } from "./composer";
import { useConnection } from "./connection-note";
import { ItemBubble } from "./item-bubble";
import { useChatStream } from "./use-chat-stream";
import { useFocusAfterReply } from "./use-focus-after-reply";
import { useKeepPlace } from "./use-keep-place";
import { useStickToBottom } from "./use-stick-to-bottom";

// Only a long chat holds earlier items than its first page: the control that brings them loads then.
const ShowEarlier = lazy(() =>
  import("./show-earlier").then((module) => ({ default: module.ShowEarlier })),
);

// What a chat deleted, or a share link withdrawn, while the page is open says instead: it loads then.
const ChatDeleted = lazy(() =>
  import("./chat-deleted").then((module) => ({ default: module.ChatDeleted })),
);
const ShareEnded = lazy(() =>
  import("./chat-deleted").then((module) => ({ default: module.ShareEnded })),
);

const REPLY_ANNOUNCEMENT: Record<ItemView["status"], string> = {
  streaming: "The agent is replying.",
  complete: "The reply is complete.",
  interrupted: "The reply was interrupted.",
  failed: "The agent could not finish the reply.",
  stopped: "The reply was stopped.",
};

/** A chat page: its owner's, or with `shared` a share link's read-only copy (named by the link's token). */
export function ChatRoom({ initial, shared = false }: { initial: ChatView; shared?: boolean }) {
  const { chat, status, resync, showEarlier } = useChatStream(
    initial,
    shared ? `/api/shares/${initial.id}` : undefined,
  );
  const connection = useConnection(status);
  const list = useChatList();
  const scroller = useRef<HTMLDivElement>(null);
  const room = useRef<HTMLDivElement>(null);
  useFocusAfterReply(room, chat.running);
  useStickToBottom(scroller, chat.lastEventSeq);
  const show = useKeepPlace(scroller, chat.items[0]?.id, showEarlier);
  const actions = useMemo(() => ({ resync }), [resync]);
  const { apply } = list;
  const { items, running, queued } = chat;
  // A shared copy edits nothing: no message of it offers Edit.
  const edits = useMemo(
    () => (shared ? new Map<string, string | null>() : editReasons({ items, running, queued })),
    [shared, items, running, queued],
  );
  // A rename made in any tab reaches this chat's stream: the tab's title and the list follow it.
  useEffect(() => {
    document.title = `${chat.title} · Answerable`;
    if (!shared) apply({ type: "renamed", chatId: chat.id, title: chat.title });
  }, [apply, chat.id, chat.title, shared]);

  if (shared && status === "deleted")
    return (
      <Suspense fallback={null}>
        <ShareEnded />
      </Suspense>
    );
  if (status === "deleted" || list.deleted.has(chat.id))
    return (
      <Suspense fallback={null}>
        <ChatDeleted />
      </Suspense>
    );
  const last = chat.items.findLast((item) => item.role === "assistant");
  // Only the latest reply can be written again, only once nothing is running or waiting, and not
  // once one of its lists was picked (the server refuses that too).
  const lastReply = chat.items.findLast(
    (item) => item.role === "assistant" && item.parentToolUseId === null,
  );
  const regenerable =
    !shared &&
    !chat.running &&
    lastReply !== undefined &&
    Object.keys(lastReply.selections).length === 0 &&
    !chat.items.some((item) => item.role === "user" && item.position > lastReply.position);
  return (
    <ReadOnlyContext value={shared}>
      <ChatActionsContext.Provider value={actions}>
        <div ref={room} className="flex h-full flex-col">
          <ChatHeader chatId={chat.id} title={chat.title} status={status} shared={shared} />
          {/* Focusable, so the keyboard can scroll a stretch of messages that holds no control. */}
          <div
            ref={scroller}
            tabIndex={0}
            role="region"
            aria-label="Conversation"
            className="min-h-0 flex-1 overflow-y-auto"
          >
            {chat.hasEarlier && (
              <Suspense fallback={null}>
                <ShowEarlier onShow={show} scroller={scroller} />
              </Suspense>
            )}
            <ol aria-label="Messages" className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
              {chat.items.map((item) => (
                // Each item redraws only when it changed: the reducer keeps the others as they were.
                <li key={item.id} data-item-id={item.id} className="chat-item">
                  <ItemBubble
                    item={item}
                    chatId={chat.id}
                    last={regenerable && item.id === lastReply?.id}
                    editReason={edits.get(item.id)}
                  />
                </li>
              ))}
            </ol>
          </div>
          <p aria-live="polite" className="sr-only">
            {last ? REPLY_ANNOUNCEMENT[last.status] : ""}
          </p>
          {!shared && (
            <div className="border-t border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
              <div className="mx-auto max-w-3xl px-4 py-3">
                <Composer
                  chatId={chat.id}
                  running={chat.running}
                  queued={chat.queued}
                  turnKey={chat.items.at(-1)?.id ?? ""}
                  connection={connection}
                />
              </div>
            </div>
          )}
        </div>
      </ChatActionsContext.Provider>
    </ReadOnlyContext>
  );
}
