"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { messageLimit, messageRefusal } from "@/components/chat/message-limit";
import { postJson } from "@/lib/chat/wire/client-api";
import type { CreatedChat } from "@/lib/chat/wire/responses";
import { ErrorNote } from "@/components/ui/error-note";
import { PrimaryButton } from "@/components/ui/primary-button";
import { useFieldText } from "@/components/ui/use-field-text";
import { useHydrated } from "@/components/ui/use-hydrated";

/** `chatPath`: where a new chat opens (`<chatPath>/<chatId>`); the app's own chat page unless told. */
export function NewChatForm({
  starters,
  chatPath = "/chats",
}: {
  starters: string[];
  chatPath?: string;
}) {
  const router = useRouter();
  const { text, setText, fieldRef } = useFieldText<HTMLInputElement>();
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const limit = messageLimit(text);

  async function start(message: string) {
    if (!message.trim() || pending || messageLimit(message).over) return;
    setPending(true);
    setError(null);
    try {
      const { chatId } = await postJson<CreatedChat>("/api/chats", { message });
      router.push(`${chatPath}/${chatId}`);
    } catch (caught) {
      setError(messageRefusal(caught));
      setPending(false);
    }
  }

  return (
    <div className="space-y-4">
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
          ref={fieldRef}
          value={text}
          aria-describedby={limit.note ? "first-message-limit" : undefined}
          aria-invalid={limit.over || undefined}
          onChange={(event) => setText(event.target.value)}
          placeholder="Ask anything…"
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-transparent px-3 py-2 aria-invalid:border-red-600 dark:border-zinc-700"
        />
        <PrimaryButton type="submit" disabled={pending || !text.trim() || limit.over}>
          Start
        </PrimaryButton>
      </form>
      {limit.note && (
        <p
          id="first-message-limit"
          className={`text-xs ${limit.over ? "text-red-700 dark:text-red-300" : "text-zinc-600 dark:text-zinc-400"}`}
        >
          {limit.note}
        </p>
      )}
      {error && <ErrorNote>{error}</ErrorNote>}
      <div className="space-y-2">
        <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Or try a starter</p>
        <ul aria-label="Starter prompts" className="flex flex-wrap gap-2">
          {starters.map((starter) => (
            <li key={starter}>
              <button
                type="button"
                disabled={pending || !hydrated}
                onClick={() => void start(starter)}
                className="rounded-full border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
              >
                {starter}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
