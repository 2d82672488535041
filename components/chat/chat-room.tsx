"use client";

import type { ChatView, ItemView } from "@/lib/chat/wire";
import { Composer } from "./composer";
import { ItemBubble } from "./item-bubble";
import { useChatStream } from "./use-chat-stream";
import { useStickToBottom } from "./use-stick-to-bottom";

const REPLY_ANNOUNCEMENT: Record<ItemView["status"], string> = {
  streaming: "The agent is replying.",
  complete: "The reply is complete.",
  interrupted: "The reply was interrupted.",
  failed: "The agent could not finish the reply.",
};

export function ChatRoom({ initial }: { initial: ChatView }) {
  const { chat, status } = useChatStream(initial);
  useStickToBottom(chat.lastEventSeq);
  const last = chat.items.findLast((item) => item.role === "assistant");
  // Only the latest reply can be written again, and only once nothing is running or waiting.
  const lastReply = chat.items.findLast((item) => item.role === "assistant" && item.parentToolUseId === null);
  const regenerable = !chat.running && lastReply !== undefined && !chat.items.some((item) => item.role === "user" && item.position > lastReply.position);
  return (
    <div className="flex min-h-[70dvh] flex-col gap-4">
      <div className="flex items-center justify-between gap-4">
        <h1 className="truncate text-xl font-semibold">{chat.title}</h1>
        <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400" data-stream-status={status}>
          {status === "live" ? "Live" : status === "connecting" ? "Connecting…" : "Reconnecting…"}
        </span>
      </div>
      <ol aria-label="Messages" className="flex flex-1 flex-col gap-4">
        {chat.items.map((item) => (
          <li key={item.id}>
            <ItemBubble item={item} chatId={chat.id} last={regenerable && item.id === lastReply?.id} />
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="sr-only">
        {last ? REPLY_ANNOUNCEMENT[last.status] : ""}
      </p>
      <Composer chatId={chat.id} running={chat.running} queued={chat.queued} />
    </div>
  );
}
