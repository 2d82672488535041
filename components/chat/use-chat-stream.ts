"use client";

import { useCallback, useEffect, useReducer, useRef } from "react";
import type { ChatEvent, ChatView, EarlierItems } from "@/lib/chat/wire";
import { getJson } from "@/lib/chat/wire/client-api";
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
    const view = response?.ok
      ? ((await response.json().catch(() => null)) as ChatView | null)
      : null;
    if (!view) return;
    lastSeen.current = Math.max(lastSeen.current, view.lastEventSeq);
    dispatch({ type: "reset", chat: view });
  }, [base]);

  const showEarlier = useCallback(async () => {
    const before = firstHeld.current;
    if (before === undefined) return false;
    dispatch({ type: "earlier-requested" });
    const page = await getJson<EarlierItems>(`${base}/items?before=${before}`);
    dispatch(page ? { type: "earlier-loaded", page } : { type: "earlier-failed" });
    return page !== null;
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
