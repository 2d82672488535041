"use client";

import { useState } from "react";
import { postJson } from "@/lib/chat/wire/client-api";

type SendText = {
  url: string;
  text: string;
  /** Over the message limit, or the chat's stream down: nothing is sent. */
  held: boolean;
  onSent: () => void;
  /** The refusal in words for the person. */
  refusal: (error: unknown) => string;
};

/** Posts a message's trimmed text once at a time; a refusal is kept in words. */
export function useSendText({ url, text, held, onSent, refusal }: SendText) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    const message = text.trim();
    if (!message || sending || held) return;
    setSending(true);
    setError(null);
    try {
      await postJson(url, { text: message });
      onSent();
    } catch (caught) {
      setError(refusal(caught));
    } finally {
      setSending(false);
    }
  }

  return { sending, error, send };
}
