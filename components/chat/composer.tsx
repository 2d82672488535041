"use client";

import { useRef, useState } from "react";
import { postJson } from "@/lib/chat/client-api";
import type { QueuedView } from "@/lib/chat/wire";
import { ErrorNote } from "@/components/ui/error-note";
import { PrimaryButton } from "@/components/ui/primary-button";

export function Composer({ chatId, running, queued }: { chatId: string; running: boolean; queued: QueuedView[] }) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  async function send() {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    setError(null);
    try {
      await postJson(`/api/chats/${chatId}/messages`, { text: message });
      setText("");
      // The send button disables itself once the field is empty; keep the writer in the field.
      field.current?.focus();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Could not send the message.");
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="sticky bottom-0 space-y-2 border-t border-zinc-200 bg-white/95 py-3 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/95">
      {queued.length > 0 && (
        <ol aria-label="Queued messages" className="space-y-1">
          {queued.map((entry) => (
            <li key={entry.id} className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
              <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">Queued</span>
              <span className="truncate">{entry.text}</span>
            </li>
          ))}
        </ol>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        className="flex items-end gap-2"
      >
        <label htmlFor="composer" className="sr-only">
          Message
        </label>
        <textarea
          id="composer"
          ref={field}
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
          placeholder={running ? "The agent is replying; your message will be queued…" : "Write a message…"}
          className="min-w-0 flex-1 resize-y rounded-md border border-zinc-300 bg-transparent px-3 py-2 dark:border-zinc-700"
        />
        <PrimaryButton type="submit" disabled={sending || !text.trim()}>
          {running ? "Queue" : "Send"}
        </PrimaryButton>
      </form>
      {error && <ErrorNote>{error}</ErrorNote>}
    </div>
  );
}
