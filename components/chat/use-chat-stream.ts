"use client";

import { useEffect, useReducer, useState } from "react";
import { type ChatView, applyChatEvent, chatEventSchema } from "@/lib/chat/view";

type Action = { seq: number; data: unknown };

function reduce(chat: ChatView, action: Action): ChatView {
  const parsed = chatEventSchema.safeParse(action.data);
  return parsed.success ? applyChatEvent(chat, parsed.data, action.seq) : chat;
}

export type StreamStatus = "connecting" | "live" | "reconnecting";

/**
 * The chat as it grows: the server-rendered view, then every event of the chat's log after it.
 * EventSource reconnects on its own and resumes with Last-Event-ID, so nothing is missed.
 */
export function useChatStream(initial: ChatView): { chat: ChatView; status: StreamStatus } {
  const [chat, dispatch] = useReducer(reduce, initial);
  const [status, setStatus] = useState<StreamStatus>("connecting");

  useEffect(() => {
    const source = new EventSource(`/api/chats/${initial.id}/events?after=${initial.lastEventSeq}`);
    source.onopen = () => setStatus("live");
    source.onerror = () => setStatus("reconnecting");
    source.onmessage = (message) => {
      const seq = Number(message.lastEventId);
      if (!Number.isSafeInteger(seq)) return;
      dispatch({ seq, data: JSON.parse(message.data) });
    };
    return () => source.close();
  }, [initial.id, initial.lastEventSeq]);

  return { chat, status };
}
