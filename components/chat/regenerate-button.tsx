"use client";

import { useState } from "react";
import { ErrorNote } from "@/components/ui/error-note";
import { refusalSentence } from "@/components/ui/refusals";
import { SecondaryButton } from "@/components/ui/secondary-button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { postJson } from "@/lib/chat/wire/client-api";
import type { ItemView } from "@/lib/chat/wire";

/** A sentence for a refused regenerate or retry, with what to do next. */
function regenerateRefusal(error: unknown, label: "Regenerate" | "Retry"): string {
  return refusalSentence(
    error,
    label === "Regenerate"
      ? "The reply could not be written again"
      : "The reply could not be retried",
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
