"use client";

import { useEffect, useRef, type RefObject } from "react";

/**
 * When a reply ends, focus that fell to the page goes back to the composer: the Stop button that
 * held it left with the reply, or a button pressed in the chat was disabled or taken away. Only
 * when the person's focus was last in the chat: focus they took to the search or another field is
 * left where it is.
 */
export function useFocusAfterReply(room: RefObject<HTMLElement | null>, running: boolean): void {
  const inChat = useRef(false);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      inChat.current = room.current?.contains(event.target as Node) ?? false;
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [room]);
  const wasRunning = useRef(running);
  useEffect(() => {
    const ended = wasRunning.current && !running;
    wasRunning.current = running;
    if (ended && inChat.current && focusWasLost(document.activeElement))
      document.getElementById("composer")?.focus();
  }, [running]);
}

function focusWasLost(active: Element | null): boolean {
  return (
    active === null ||
    active === document.body ||
    !active.isConnected ||
    (active instanceof HTMLButtonElement && active.disabled)
  );
}
