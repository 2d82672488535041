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
    setNow(Date.now() + offset);
    const timer = setInterval(() => setNow(Date.now() + offset), 1_000);
    return () => clearInterval(timer);
  }, [active, offset]);
  return now === null ? null : Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1_000));
}

export function formatLeft(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
