"use client";

import { useSyncExternalStore } from "react";
import { useNow, useTimeZone } from "./clock";
import { UI_LOCALE } from "./locale";
import { relativeTime } from "./relative-time";
import { clockTime } from "./time-zone";

/**
 * A time as "2 minutes ago", the same in the server's markup and in the browser, with the exact
 * time in the reader's own zone on hover. The zone is only known in the browser, so the title is
 * filled in after mount rather than drawn differently on the server.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={useExactTime(iso)} className={className}>
      {relativeTime(Date.parse(iso), now)}
    </time>
  );
}

/**
 * A time of day as "14:02" in the reader's zone: the server draws it in the zone the reader's
 * browser reported in a cookie, so a reload draws what the browser drew (decision 011).
 */
export function ClockTime({ iso }: { iso: string }) {
  const now = useNow();
  const zone = useTimeZone();
  return (
    <time dateTime={iso} title={useExactTime(iso)}>
      {clockTime(Date.parse(iso), now, zone)}
    </time>
  );
}

/** The exact time in the reader's own zone, in the app's language; the server (and hydration) draw none. */
export function useExactTime(iso: string): string | undefined {
  return useSyncExternalStore(
    subscribeToNothing,
    () => exactTime(iso),
    () => undefined,
  );
}

// React reads a snapshot at every render of every time on the page; `toLocaleString` with options
// builds a new formatter each call, so one is kept.
let exactFormat: Intl.DateTimeFormat | undefined;

function exactTime(iso: string): string {
  exactFormat ??= new Intl.DateTimeFormat(UI_LOCALE, { dateStyle: "full", timeStyle: "long" });
  return exactFormat.format(new Date(iso));
}

function subscribeToNothing(): () => void {
  return () => {};
}
