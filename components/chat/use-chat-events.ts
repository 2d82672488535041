"use client";

import { type RefObject, useEffect, useState } from "react";
import type { ChatEvent } from "@/lib/chat/wire";
import { readStreamMessage, reconnectDelay } from "./stream-message";

/** `stalled`: the stream is open, but the server has heard nothing from the database for a while. */
export type StreamStatus = "connecting" | "live" | "stalled" | "reconnecting" | "deleted";

// The server says `database-answered` every 1.5 s, each time only once the database answered it
// (lib/chat/stream/database-beat.ts): this long without one, the database is not answering.
const STALL_MS = 3_500;
const STALL_CHECK_MS = 500;

type ChatEventsOptions = {
  /** The chat's routes: `${base}/events` streams it. */
  base: string;
  /** The last event the server-rendered view holds; the stream starts after it. */
  from: number;
  /** The last event applied, moved on by this hook and by reloads. */
  lastSeenRef: RefObject<number>;
  /** Set by this hook: stops the stream for good once the chat is gone. */
  goneRef: RefObject<(() => void) | null>;
  onEvent: (seq: number, event: ChatEvent) => void;
  resync: () => Promise<void>;
};

/**
 * The chat's event stream. EventSource resumes with Last-Event-ID on its own; when it gives up (an
 * error status, a deploy), this reconnects from the last event applied, backing off.
 */
export function useChatEvents({
  base,
  from,
  lastSeenRef,
  goneRef,
  onEvent,
  resync,
}: ChatEventsOptions): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>("connecting");
  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let heard = 0;
    lastSeenRef.current = from;
    goneRef.current = () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      setStatus("deleted");
    };

    function connect() {
      if (stopped) return;
      source = new EventSource(`${base}/events?after=${lastSeenRef.current}`);
      source.onopen = () => {
        attempt = 0;
        heard = Date.now();
        setStatus("live");
      };
      source.addEventListener("database-answered", hear);
      source.onerror = () => {
        setStatus("reconnecting");
        if (source?.readyState !== EventSource.CLOSED) return;
        // A refused stream may mean the chat is gone: a reload says for sure.
        void resync();
        retry = setTimeout(connect, reconnectDelay(attempt++));
      };
      source.addEventListener("deleted", () => goneRef.current?.());
      // A share link's stream: the owner stopped sharing (or shared anew), and this link is dead.
      source.addEventListener("unshared", () => goneRef.current?.());
      source.onmessage = (message) => {
        // Every event was read from the database, so it answered.
        hear();
        const read = readStreamMessage(lastSeenRef.current, message);
        if (read.kind === "unreadable") void resync();
        if (read.kind !== "event") return;
        lastSeenRef.current = read.seq;
        onEvent(read.seq, read.event);
      };
    }

    function hear() {
      heard = Date.now();
      setStatus((now) => (now === "stalled" ? "live" : now));
    }

    // Only an open stream can hear the database: a closed one is reconnecting, and says so.
    const watch = setInterval(() => {
      if (source?.readyState !== EventSource.OPEN || Date.now() - heard <= STALL_MS) return;
      setStatus((now) => (now === "live" ? "stalled" : now));
    }, STALL_CHECK_MS);

    // Back online, a connection waiting out its backoff is tried at once.
    function reconnectNow() {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      clearTimeout(retry);
      attempt = 0;
      connect();
    }

    connect();
    window.addEventListener("online", reconnectNow);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(watch);
      source?.close();
      window.removeEventListener("online", reconnectNow);
    };
  }, [base, from, lastSeenRef, goneRef, onEvent, resync]);
  return status;
}
