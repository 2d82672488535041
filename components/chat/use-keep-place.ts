"use client";

import { type RefObject, useLayoutEffect, useRef } from "react";

type Place = { itemId: string; top: number; focus: boolean };

const itemElement = (scroller: HTMLElement, itemId: string) =>
  scroller.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(itemId)}"]`);

/**
 * Loads earlier items without moving the reader: the item they saw first stays where it was on
 * screen as the new ones go in above it. Asked from the button (`focus`), focus moves to the
 * newest of those, just above it, so a keyboard or screen reader user reads on from there instead
 * of from a control scrolled away; loaded by scrolling up, focus stays where it was.
 */
export function useKeepPlace(
  scroller: RefObject<HTMLElement | null>,
  firstItemId: string | undefined,
  load: () => Promise<boolean>,
): (options: { focus: boolean }) => Promise<boolean> {
  const place = useRef<Place | null>(null);

  useLayoutEffect(() => {
    const kept = place.current;
    const element = scroller.current;
    if (!kept || !element || kept.itemId === firstItemId) return;
    place.current = null;
    const item = itemElement(element, kept.itemId);
    if (!item) return;
    element.scrollBy({ top: item.getBoundingClientRect().top - kept.top, behavior: "instant" });
    const newest = item.previousElementSibling;
    if (kept.focus && newest instanceof HTMLElement) {
      newest.setAttribute("tabindex", "-1");
      newest.focus({ preventScroll: true });
    }
  }, [scroller, firstItemId]);

  return async ({ focus }) => {
    const element = scroller.current;
    const first = element && firstItemId ? itemElement(element, firstItemId) : null;
    if (!element || !first || !firstItemId) return load();
    place.current = { itemId: firstItemId, top: first.getBoundingClientRect().top, focus };
    // A reader still scrolling while the page loads is kept where they scrolled to, not where they began.
    const follow = () => {
      if (place.current) place.current.top = first.getBoundingClientRect().top;
    };
    element.addEventListener("scroll", follow, { passive: true });
    try {
      const loaded = await load();
      if (!loaded) place.current = null;
      return loaded;
    } finally {
      element.removeEventListener("scroll", follow);
    }
  };
}
