"use client";

import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { UI_LOCALE } from "./locale";
import { timeZoneCookie } from "./time-zone";

type Clock = { now: number; offset: number };

const ClockContext = createContext<Clock | null>(null);
// The reader's zone as the server knew it from the request's cookie (null: not yet told).
const ZoneContext = createContext<string | null>(null);

const TICK_MS = 30_000;

/**
 * The time relative times are measured from. The server renders with its own clock and hands it
 * here, so the first render in the browser draws exactly the server's text (no hydration
 * mismatch); then the clock ticks on, offset by the difference seen at load, so a browser whose
 * clock is wrong still reads "now" for what just happened on the server.
 */
export function ClockProvider({
  serverNow,
  zone,
  children,
}: {
  serverNow: number;
  zone: string | null;
  children: React.ReactNode;
}) {
  const [clock, setClock] = useState<Clock>({ now: serverNow, offset: 0 });
  useEffect(() => {
    // The next page the server draws uses this browser's zone, as the browser does.
    const own = browserZone();
    if (own !== zone) document.cookie = timeZoneCookie(own);
  }, [zone]);
  useEffect(() => {
    // A difference of a second or two is mostly the page's own load time, not a wrong clock.
    const measured = serverNow - Date.now();
    const offset = Math.abs(measured) > 2_000 ? measured : 0;
    const tick = () => setClock({ now: Date.now() + offset, offset });
    tick();
    const timer = setInterval(tick, TICK_MS);
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [serverNow]);
  return (
    <ClockContext.Provider value={clock}>
      <ZoneContext.Provider value={zone}>{children}</ZoneContext.Provider>
    </ClockContext.Provider>
  );
}

/** The clock's current time; outside a provider (tests, isolated renders), the machine's. */
export function useNow(): number {
  const clock = useContext(ClockContext);
  const [mounted] = useState(machineNow);
  return clock?.now ?? mounted;
}

/** The machine's clock, read once where no provider gives the server's. */
function machineNow(): number {
  return Date.now();
}

/** How far the server's clock is ahead of this browser's, to measure server times by it. */
export function useClockOffset(): number {
  return useContext(ClockContext)?.offset ?? 0;
}

/**
 * The zone clock times are drawn in: the one the server drew with (from the reader's cookie, else
 * UTC) in its markup and during hydration, so both agree; then the browser's own.
 */
export function useTimeZone(): string {
  const served = useContext(ZoneContext) ?? "UTC";
  return useSyncExternalStore(subscribeToNothing, browserZone, () => served);
}

function browserZone(): string {
  return new Intl.DateTimeFormat(UI_LOCALE).resolvedOptions().timeZone;
}

function subscribeToNothing(): () => void {
  return () => {};
}
