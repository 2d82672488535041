"use client";

import { type RefObject, useEffect, useRef, useState } from "react";
import { ErrorNote } from "@/components/ui/error-note";
import { SecondaryButton } from "@/components/ui/secondary-button";
import { useHydrated } from "@/components/ui/use-hydrated";

// The next page starts loading this far before the top comes into view, so scrolling rarely waits.
const AHEAD_PX = 400;

/**
 * Above the first item a page holds, while earlier ones exist: brings the page before it when the
 * reader scrolls up to it, or with the button, which keyboard and screen reader users reach like
 * any other control (and which moves their focus to what it brought).
 */
export function ShowEarlier({
  onShow,
  scroller,
}: {
  onShow: (options: { focus: boolean }) => Promise<boolean>;
  scroller: RefObject<HTMLElement | null>;
}) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const hydrated = useHydrated();
  const sentinel = useRef<HTMLDivElement>(null);
  const controls = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  async function show(focus: boolean) {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setFailed(false);
    const shown = await onShow({ focus });
    busy.current = false;
    setFailed(!shown);
    setPending(false);
  }
  const showOnScroll = useRef(show);
  useEffect(() => {
    showOnScroll.current = show;
  });

  useEffect(() => {
    const target = sentinel.current;
    const root = scroller.current;
    if (!target || !root || typeof IntersectionObserver === "undefined") return;
    // Only on coming into view: a top already in view when the chat opens, or still in view after
    // a failed load, waits for the reader instead of loading again and again. A button brought
    // into view by focusing it waits for its press, which moves focus to what it brings.
    let seen: boolean | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const visible = entry?.isIntersecting ?? false;
        if (visible && seen === false && !controls.current?.contains(document.activeElement))
          void showOnScroll.current(false);
        seen = visible;
      },
      { root, rootMargin: `${AHEAD_PX}px 0px 0px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [scroller]);

  return (
    <div ref={controls} className="mx-auto flex max-w-3xl flex-col items-center gap-1 px-4 pt-4">
      <div ref={sentinel} aria-hidden />
      <SecondaryButton
        onClick={() => void show(true)}
        disabled={pending || !hydrated}
        className="px-3 py-1.5 text-sm"
      >
        {pending ? "Loading earlier messages…" : "Show earlier messages"}
      </SecondaryButton>
      {failed && (
        <ErrorNote>
          The earlier messages could not be loaded. Check your connection and try again.
        </ErrorNote>
      )}
    </div>
  );
}
