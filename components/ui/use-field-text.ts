"use client";

import { useEffect, useRef, useState } from "react";

/** A text field's value in state, with what was typed before the page finished loading picked up. */
export function useFieldText<Field extends HTMLInputElement | HTMLTextAreaElement>() {
  const [text, setText] = useState("");
  const fieldRef = useRef<Field>(null);
  // Typed before hydration, the text is in the field but not yet in state.
  useEffect(() => {
    if (fieldRef.current?.value) setText(fieldRef.current.value);
  }, []);
  return { text, setText, fieldRef };
}
