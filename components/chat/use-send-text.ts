"use client";

import { useState } from "react";
import { postJson } from "@/lib/chat/wire/client-api";

type SendText = {
  url: string;
  text: string;
  /** Over the message limit: nothing is sent. */
  over: boolean;
  onSent: () => void;
  /** The refusal in words for the person. */
  refusal: (error: unknown) => string;
};

/** Posts a message's trimmed text once at a time; a refusal is kept in words. */
export function useSendText({ url, text, over, onSent, refusal }: SendText) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    const message = text.trim();
    if (!message || sending || over) return;
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
