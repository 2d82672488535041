"use client";

import { useState } from "react";
import { ErrorNote } from "@/components/ui/error-note";
import { refusalSentence } from "@/components/ui/refusals";
import { SecondaryButton } from "@/components/ui/secondary-button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { postJson } from "@/lib/chat/wire/client-api";
import type { ItemView } from "@/lib/chat/wire";

const REGENERATE_REFUSALS = {
  "cannot-regenerate":
    "The chat has moved on since this page drew it (a reply is under way, a newer message came, or one of this reply’s lists was answered), so this reply can’t be written again. Send a new message instead.",
  "item-not-found":
    "This reply is no longer in the chat. Reload the page to see the chat as it is.",
};

/** A sentence for a refused regenerate or retry, with what to do next. */
function regenerateRefusal(error: unknown, label: "Regenerate" | "Retry"): string {
  return refusalSentence(
    error,
    label === "Regenerate"
      ? "The reply could not be written again"
      : "The reply could not be retried",
    REGENERATE_REFUSALS,
  );
}

/** Writes the last reply again (a new revision of its blocks), or retries one that was cut off. */
export function RegenerateButton({ item, chatId }: { item: ItemView; chatId: string }) {
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const label = item.status === "complete" ? "Regenerate" : "Retry";

  async function regenerate() {
    setPending(true);
    setError(null);
    try {
      await postJson(`/api/chats/${chatId}/items/${item.id}/regenerate`, {});
    } catch (caught) {
      setError(regenerateRefusal(caught, label));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <SecondaryButton
        onClick={() => void regenerate()}
        disabled={pending || !hydrated}
        className="px-2.5 py-1 text-xs"
      >
        {pending ? `${label}…` : label}
      </SecondaryButton>
      {error && <ErrorNote>{error}</ErrorNote>}
    </div>
  );
}
