"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { postJson } from "@/lib/chat/client-api";
import { ErrorNote } from "@/components/ui/error-note";
import { PrimaryButton } from "@/components/ui/primary-button";

const createdSchema = z.object({ chatId: z.string() });

export function NewChatForm({ starters }: { starters: string[] }) {
  const router = useRouter();
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start(message: string) {
    if (!message.trim() || pending) return;
    setPending(true);
    setError(null);
    try {
      const { chatId } = createdSchema.parse(await postJson("/api/chats", { message }));
      router.push(`/chats/${chatId}`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Could not start the chat.");
      setPending(false);
    }
  }

  return (
    <div className="space-y-3">
      <ul aria-label="Starter prompts" className="flex flex-wrap gap-2">
        {starters.map((starter) => (
          <li key={starter}>
            <button
              type="button"
              disabled={pending}
              onClick={() => void start(starter)}
              className="rounded-full border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
            >
              {starter}
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void start(text);
        }}
        className="flex gap-2"
      >
        <label htmlFor="first-message" className="sr-only">
          First message
        </label>
        <input
          id="first-message"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Ask anything…"
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-transparent px-3 py-2 dark:border-zinc-700"
        />
        <PrimaryButton type="submit" disabled={pending || !text.trim()}>
          Start
        </PrimaryButton>
      </form>
      {error && <ErrorNote>{error}</ErrorNote>}
    </div>
  );
}
