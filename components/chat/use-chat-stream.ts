"use client";

import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { type ChatEvent, type ChatView, chatEventSchema, chatViewSchema, earlierItemsSchema } from "@/lib/chat/wire";
import { reduceChat } from "./chat-state";

export type StreamStatus = "connecting" | "live" | "reconnecting" | "deleted";

const MAX_RETRY_MS = 30_000;

function read(data: string): ChatEvent | null {
  try {
    const parsed = chatEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The chat as it grows: the server-rendered view, then every event of the chat's log after it.
 * EventSource resumes with Last-Event-ID on its own; when it gives up (an error status, a deploy),
 * this reconnects from the last event applied. Sequence numbers only grow but may skip: a
 * finished reply's streamed events are deleted, and its `item.completed` carries it whole
 * (decision 015). An event it cannot read reloads the chat (from the earliest item the page
 * holds), so the page never silently drifts from the log. A chat deleted meanwhile (the stream
 * says so, or a reload finds it gone) stops the stream for good. `showEarlier` brings the page
 * of items before those the page holds.
 */
export function useChatStream(initial: ChatView): {
  chat: ChatView;
  status: StreamStatus;
  resync: () => Promise<void>;
  showEarlier: () => Promise<boolean>;
} {
  const [{ chat }, dispatch] = useReducer(reduceChat, { chat: initial, missed: null });
  const [status, setStatus] = useState<StreamStatus>("connecting");
  const lastSeen = useRef(initial.lastEventSeq);
  const gone = useRef<(() => void) | null>(null);
  // Where the items the page holds start, for the requests that read more of the chat.
  const firstHeld = useRef(initial.items[0]?.position);
  useEffect(() => {
    firstHeld.current = chat.items[0]?.position;
  }, [chat.items]);

  const resync = useCallback(async () => {
    const from = firstHeld.current === undefined ? "" : `?from=${firstHeld.current}`;
    const response = await fetch(`/api/chats/${initial.id}${from}`).catch(() => null);
    if (response?.status === 404) return gone.current?.();
    const parsed = chatViewSchema.safeParse(response?.ok ? await response.json() : null);
    if (!parsed.success) return;
    lastSeen.current = Math.max(lastSeen.current, parsed.data.lastEventSeq);
    dispatch({ type: "reset", chat: parsed.data });
  }, [initial.id]);

  const showEarlier = useCallback(async () => {
    const before = firstHeld.current;
    if (before === undefined) return false;
    dispatch({ type: "earlier-requested" });
    const response = await fetch(`/api/chats/${initial.id}/items?before=${before}`).catch(() => null);
    const parsed = earlierItemsSchema.safeParse(response?.ok ? await response.json().catch(() => null) : null);
    dispatch(parsed.success ? { type: "earlier-loaded", page: parsed.data } : { type: "earlier-failed" });
    return parsed.success;
  }, [initial.id]);

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    lastSeen.current = initial.lastEventSeq;
    gone.current = () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      setStatus("deleted");
    };

    function connect() {
      if (stopped) return;
      source = new EventSource(`/api/chats/${initial.id}/events?after=${lastSeen.current}`);
      source.onopen = () => {
        attempt = 0;
        setStatus("live");
      };
      source.onerror = () => {
        setStatus("reconnecting");
        if (source?.readyState !== EventSource.CLOSED) return;
        // A refused stream may mean the chat is gone: a reload says for sure.
        void resync();
        retry = setTimeout(connect, Math.min(MAX_RETRY_MS, 1_000 * 2 ** attempt++));
      };
      source.addEventListener("deleted", () => gone.current?.());
      source.onmessage = (message) => {
        const seq = Number(message.lastEventId);
        if (!Number.isSafeInteger(seq) || seq <= lastSeen.current) return;
        const event = read(message.data);
        if (!event) {
          void resync();
          return;
        }
        lastSeen.current = seq;
        dispatch({ type: "event", seq, event });
      };
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [initial.id, initial.lastEventSeq, resync]);

  return { chat, status, resync, showEarlier };
}
