"use client";

import { type RefObject, useEffect, useRef } from "react";

const NEAR_BOTTOM_PX = 120;

/**
 * Keeps the newest text in view while a reply streams, as long as the reader is at the bottom of
 * the conversation; someone who scrolled up to read is left where they are. It follows the
 * messages' size rather than each event: a ResizeObserver is told after layout, so reading the
 * height there forces no layout of the whole chat, as reading it when an event arrives would.
 */
export function useStickToBottom(scroller: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>): void {
  const stuck = useRef(true);
  useEffect(() => {
    const element = scroller.current;
    const messages = content.current;
    if (!element || !messages) return;
    let lastTop = element.scrollTop;
    const onScroll = () => {
      stick(stuck, element, lastTop);
      lastTop = element.scrollTop;
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    const grown = new ResizeObserver(() => {
      if (stuck.current) element.scrollTop = element.scrollHeight;
    });
    grown.observe(messages);
    return () => {
      element.removeEventListener("scroll", onScroll);
      grown.disconnect();
    };
  }, [scroller, content]);
}

/**
 * Whether to follow the newest text: once the reader is near the bottom, until they scroll up. Text
 * arriving below moves the bottom away without the reader moving, which is not a reason to stop.
 */
function stick(stuck: { current: boolean }, element: HTMLElement, lastTop: number): void {
  if (element.scrollTop + element.clientHeight >= element.scrollHeight - NEAR_BOTTOM_PX) stuck.current = true;
  else if (element.scrollTop < lastTop) stuck.current = false;
}
