"use client";

import { useCallback, useEffect, useReducer, useRef } from "react";
import { type ChatEvent, type ChatView, chatViewSchema, earlierItemsSchema } from "@/lib/chat/wire";
import { reduceChat } from "./chat-state";
import { type StreamStatus, useChatEvents } from "./use-chat-events";

export type { StreamStatus } from "./use-chat-events";

/**
 * The chat as it grows: the server-rendered view, then every event of its log after it. An event
 * it cannot read reloads the chat, so the page never silently drifts from the log.
 */
export function useChatStream(
  initial: ChatView,
  /** Where the chat is read: its owner's routes, or a share link's read-only ones. */
  base = `/api/chats/${initial.id}`,
): {
  chat: ChatView;
  status: StreamStatus;
  resync: () => Promise<void>;
  showEarlier: () => Promise<boolean>;
} {
  const [{ chat }, dispatch] = useReducer(reduceChat, { chat: initial, missed: null });
  const lastSeen = useRef(initial.lastEventSeq);
  const gone = useRef<(() => void) | null>(null);
  // Where the items the page holds start, for the requests that read more of the chat.
  const firstHeld = useRef(initial.items[0]?.position);
  useEffect(() => {
    firstHeld.current = chat.items[0]?.position;
  }, [chat.items]);

  const resync = useCallback(async () => {
    const from = firstHeld.current === undefined ? "" : `?from=${firstHeld.current}`;
    const response = await fetch(`${base}${from}`).catch(() => null);
    if (response?.status === 404) return gone.current?.();
    const parsed = chatViewSchema.safeParse(response?.ok ? await response.json() : null);
    if (!parsed.success) return;
    lastSeen.current = Math.max(lastSeen.current, parsed.data.lastEventSeq);
    dispatch({ type: "reset", chat: parsed.data });
  }, [base]);

  const showEarlier = useCallback(async () => {
    const before = firstHeld.current;
    if (before === undefined) return false;
    dispatch({ type: "earlier-requested" });
    const response = await fetch(`${base}/items?before=${before}`).catch(() => null);
    const parsed = earlierItemsSchema.safeParse(
      response?.ok ? await response.json().catch(() => null) : null,
    );
    dispatch(
      parsed.success ? { type: "earlier-loaded", page: parsed.data } : { type: "earlier-failed" },
    );
    return parsed.success;
  }, [base]);

  const onEvent = useCallback(
    (seq: number, event: ChatEvent) => dispatch({ type: "event", seq, event }),
    [],
  );
  const status = useChatEvents({
    base,
    from: initial.lastEventSeq,
    lastSeenRef: lastSeen,
    goneRef: gone,
    onEvent,
    resync,
  });
  return { chat, status, resync, showEarlier };
}
