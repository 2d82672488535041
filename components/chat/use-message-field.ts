"use client";

import { useLayoutEffect } from "react";
import { useFieldText } from "@/components/ui/use-field-text";

// The field grows with its text up to this height, then scrolls.
const MAX_FIELD_PX = 200;

/** Enter sends; Shift+Enter is a new line, and Enter that ends an IME composition picks its word. */
export function sendsOnEnter(key: {
  key: string;
  shiftKey: boolean;
  isComposing: boolean;
}): boolean {
  return key.key === "Enter" && !key.shiftKey && !key.isComposing;
}

/** A message field's keydown: sends on Enter as `sendsOnEnter` reads it, instead of a new line. */
export function sendOnEnter(event: React.KeyboardEvent, send: () => unknown): void {
  const { key, shiftKey } = event;
  if (!sendsOnEnter({ key, shiftKey, isComposing: event.nativeEvent.isComposing })) return;
  event.preventDefault();
  void send();
}

/** The composer's text and its field, which grows with what is typed. */
export function useMessageField() {
  const { text, setText, fieldRef } = useFieldText<HTMLTextAreaElement>();
  useLayoutEffect(() => {
    const element = fieldRef.current;
    if (!element) return;
    // Empty, the field is one row tall; a long placeholder must not make it grow.
    if (!text) {
      element.style.height = "";
      return;
    }
    element.style.height = "auto";
    element.style.height = `${Math.min(element.scrollHeight, MAX_FIELD_PX)}px`;
  }, [text, fieldRef]);

  return { text, setText, fieldRef };
}
