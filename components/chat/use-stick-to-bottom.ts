"use client";

import { useEffect, useRef } from "react";

const NEAR_BOTTOM_PX = 120;

function nearBottom(): boolean {
  return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - NEAR_BOTTOM_PX;
}

/**
 * Keeps the newest text in view while a reply streams, as long as the reader is at the bottom;
 * someone who scrolled up to read is left where they are.
 */
export function useStickToBottom(change: unknown): void {
  const stuck = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      stuck.current = nearBottom();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => {
    if (stuck.current) window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [change]);
}
