"use client";

import { useEffect, useState } from "react";
import type { StreamStatus } from "./use-chat-events";

/**
 * "ok": nothing to say; "lost": the stream is down; "stalled": it is open but the database does
 * not answer; "restored": either came back a moment ago.
 */
export type Connection = "ok" | "lost" | "stalled" | "restored";

// A stream the server ends on schedule reconnects at once: only a drop that lasts is worth saying.
const GRACE_MS = 2_000;
// How long "Connected again" stays (it fades out over its last quarter, globals.css).
const RESTORED_MS = 4_000;

export const CONNECTION_NOTE_ID = "connection-note";

/** The chat's connection as people are told it, from the event stream's status. */
export function useConnection(status: StreamStatus): Connection {
  const [connection, setConnection] = useState<Connection>("ok");
  // Adjusted while rendering, so the controls come back in the same render the stream does.
  if (status === "live" && (connection === "lost" || connection === "stalled"))
    setConnection("restored");
  // At once: the stream already waited out its own grace before calling the database stalled.
  if (status === "stalled" && connection !== "stalled") setConnection("stalled");
  useEffect(() => {
    if (status !== "reconnecting") return;
    const timer = setTimeout(() => setConnection("lost"), GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  useEffect(() => {
    if (connection !== "restored") return;
    const timer = setTimeout(
      () => setConnection((now) => (now === "restored" ? "ok" : now)),
      RESTORED_MS,
    );
    return () => clearTimeout(timer);
  }, [connection]);
  return connection;
}

/**
 * Said beside the composer, where people look when Send does nothing: a polite live region, always
 * in the page so a screen reader hears each change.
 */
export function ConnectionNote({ connection }: { connection: Connection }) {
  return (
    // Kept in the accessibility tree while empty (sr-only, not hidden), so its next words are read.
    <p
      id={CONNECTION_NOTE_ID}
      role="status"
      className={connection === "ok" ? "sr-only" : "text-sm"}
    >
      {connection === "lost" && (
        <span className="text-amber-800 dark:text-amber-300">
          Reconnecting… Sending and stopping wait until the chat is connected again; what you type
          is kept.
        </span>
      )}
      {connection === "stalled" && (
        <span className="text-amber-800 dark:text-amber-300">
          The database is not answering, so the chat is waiting. Sending and stopping wait until it
          answers again; what you type is kept.
        </span>
      )}
      {connection === "restored" && (
        <span className="animate-fade-late text-emerald-800 motion-reduce:animate-none dark:text-emerald-300">
          Connected again.
        </span>
      )}
    </p>
  );
}
