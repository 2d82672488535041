"use client";

import { useEffect, useState } from "react";
import { useClockOffset } from "@/components/ui/clock";

/**
 * Seconds until `expiresAt` by the server's clock, ticking each second while `active`; null until
 * mounted, so the server and the first render in the browser draw the same.
 */
export function useSecondsLeft(expiresAt: string, active: boolean): number | null {
  const offset = useClockOffset();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now() + offset);
    // The first tick comes at once, after mount, so the server and hydration both draw null.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active, offset]);
  return now === null ? null : Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1_000));
}

export function formatLeft(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
