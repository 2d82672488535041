"use client";

import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { type ChatEvent, type ChatView, applyChatEvent, chatEventSchema, chatViewSchema } from "@/lib/chat/wire";

type Action = { type: "event"; seq: number; event: ChatEvent } | { type: "reset"; chat: ChatView };

function reduce(chat: ChatView, action: Action): ChatView {
  if (action.type === "event") return applyChatEvent(chat, action.event, action.seq);
  return action.chat.lastEventSeq >= chat.lastEventSeq ? action.chat : chat;
}

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
 * (decision 013). An event it cannot read reloads the whole chat, so the page never silently
 * drifts from the log. A chat deleted meanwhile (the stream says so, or a reload finds it gone)
 * stops the stream for good.
 */
export function useChatStream(initial: ChatView): { chat: ChatView; status: StreamStatus; resync: () => Promise<void> } {
  const [chat, dispatch] = useReducer(reduce, initial);
  const [status, setStatus] = useState<StreamStatus>("connecting");
  const lastSeen = useRef(initial.lastEventSeq);
  const gone = useRef<(() => void) | null>(null);

  const resync = useCallback(async () => {
    const response = await fetch(`/api/chats/${initial.id}`).catch(() => null);
    if (response?.status === 404) return gone.current?.();
    const parsed = chatViewSchema.safeParse(response?.ok ? await response.json() : null);
    if (!parsed.success) return;
    lastSeen.current = Math.max(lastSeen.current, parsed.data.lastEventSeq);
    dispatch({ type: "reset", chat: parsed.data });
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

  return { chat, status, resync };
}
