"use client";

import { useEffect, useReducer, useState } from "react";
import { type ChatEvent, type ChatView, applyChatEvent, chatEventSchema, chatViewSchema } from "@/lib/chat/wire";

type Action = { type: "event"; seq: number; event: ChatEvent } | { type: "reset"; chat: ChatView };

function reduce(chat: ChatView, action: Action): ChatView {
  if (action.type === "event") return applyChatEvent(chat, action.event, action.seq);
  return action.chat.lastEventSeq >= chat.lastEventSeq ? action.chat : chat;
}

export type StreamStatus = "connecting" | "live" | "reconnecting";

const MAX_RETRY_MS = 30_000;

/**
 * The chat as it grows: the server-rendered view, then every event of the chat's log after it.
 * EventSource resumes with Last-Event-ID on its own; when it gives up (an error status, a deploy),
 * this reconnects from the last event applied. An event it cannot read, or a gap, reloads the
 * whole chat, so the page never silently drifts from the log.
 */
export function useChatStream(initial: ChatView): { chat: ChatView; status: StreamStatus } {
  const [chat, dispatch] = useReducer(reduce, initial);
  const [status, setStatus] = useState<StreamStatus>("connecting");

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let lastSeen = initial.lastEventSeq;

    async function resync() {
      const response = await fetch(`/api/chats/${initial.id}`);
      const parsed = chatViewSchema.safeParse(response.ok ? await response.json() : null);
      if (!parsed.success) return;
      lastSeen = Math.max(lastSeen, parsed.data.lastEventSeq);
      dispatch({ type: "reset", chat: parsed.data });
    }

    function read(data: string): ChatEvent | null {
      try {
        const parsed = chatEventSchema.safeParse(JSON.parse(data));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    }

    function connect() {
      source = new EventSource(`/api/chats/${initial.id}/events?after=${lastSeen}`);
      source.onopen = () => {
        attempt = 0;
        setStatus("live");
      };
      source.onerror = () => {
        setStatus("reconnecting");
        if (source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, Math.min(MAX_RETRY_MS, 1_000 * 2 ** attempt++));
      };
      source.onmessage = (message) => {
        const seq = Number(message.lastEventId);
        if (!Number.isSafeInteger(seq) || seq <= lastSeen) return;
        const event = read(message.data);
        if (!event || seq !== lastSeen + 1) {
          void resync();
          return;
        }
        lastSeen = seq;
        dispatch({ type: "event", seq, event });
      };
    }

    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [initial.id, initial.lastEventSeq]);

  return { chat, status };
}
