"use client";

import { useRef, useState } from "react";
import { postJson } from "@/lib/chat/wire/client-api";
import type { SelectionView } from "@/lib/chat/wire";
import type { SelectionOutcome } from "@/lib/chat/wire/responses";
import { pickRefusal } from "./frame-refusals";

/** `revision`: of the reply version drawn, so a pick on one written again since is refused. */
type ChoicePick = {
  chatId: string;
  itemId: string;
  revision: number;
  instanceId: string;
  onProposed?: (token: string) => void;
};

/** A pick on a ChoiceList: sent once at a time, then focus goes to what happens next instead of to the page. */
export function useChoicePick({ chatId, itemId, revision, instanceId, onProposed }: ChoicePick) {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<{ choiceId: string; message: string } | null>(null);
  const [recorded, setRecorded] = useState<SelectionView | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const alert = useRef<HTMLDivElement>(null);

  async function pick(choiceId: string, action: string | undefined) {
    setPending(choiceId);
    setError(null);
    try {
      const response = await postJson<SelectionOutcome>(`/api/chats/${chatId}/selections`, {
        itemId,
        instanceId,
        choiceId,
        revision,
      });
      setRecorded(response.selection);
      if (response.selection.confirmationToken) onProposed?.(response.selection.confirmationToken);
      else status.current?.focus();
    } catch (caught) {
      setError({ choiceId, message: pickRefusal(caught, action) });
      alert.current?.focus();
    } finally {
      setPending(null);
    }
  }

  return { pending, error, recorded, status, alert, pick };
}
