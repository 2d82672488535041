"use client";

import { type RefObject, useEffect, useRef } from "react";

const NEAR_BOTTOM_PX = 120;

/**
 * Keeps the newest text in view while a reply streams, as long as the reader is at the bottom of
 * the conversation; someone who scrolled up to read is left where they are.
 */
export function useStickToBottom(scroller: RefObject<HTMLElement | null>, change: unknown): void {
  const stuck = useRef(true);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => stick(stuck, element);
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => element.removeEventListener("scroll", onScroll);
  }, [scroller]);
  useEffect(() => {
    const element = scroller.current;
    if (element && stuck.current) element.scrollTo({ top: element.scrollHeight });
  }, [scroller, change]);
}

/** Whether the reader is at the bottom of the conversation, kept where the effect reads it. */
function stick(stuck: { current: boolean }, element: HTMLElement): void {
  stuck.current = element.scrollTop + element.clientHeight >= element.scrollHeight - NEAR_BOTTOM_PX;
}
