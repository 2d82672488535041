"use client";

import { useSyncExternalStore } from "react";
import { useNow } from "./clock";
import { relativeTime } from "./relative-time";

/**
 * A time as "2 min ago", the same in the server's markup and in the browser, with the exact time
 * in the reader's own zone and locale on hover. The title is only known in the browser, so it is
 * filled in after mount rather than drawn differently on the server.
 */
export function LocalTime({ iso }: { iso: string }) {
  const now = useNow();
  // The server (and hydration) draw no title; the browser then draws it in its own zone and locale.
  const exact = useSyncExternalStore(
    subscribeToNothing,
    () => new Date(iso).toLocaleString(undefined, { dateStyle: "full", timeStyle: "long" }),
    () => undefined,
  );
  return (
    <time dateTime={iso} title={exact}>
      {relativeTime(Date.parse(iso), now)}
    </time>
  );
}

function subscribeToNothing(): () => void {
  return () => {};
}
