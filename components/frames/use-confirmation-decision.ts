"use client";

import { useRef, useState } from "react";
import { ApiError, postJson } from "@/lib/chat/wire/client-api";
import { refusalSentence } from "@/components/ui/refusals";
import type { ConfirmationView } from "@/lib/chat/wire";
import type { DecidedConfirmation } from "@/lib/chat/wire/responses";
import { decidedElsewhere } from "./frame-refusals";

// How far along a handle is, so the newer of two views of it (the stream's, a response's) wins.
const RANK: Record<ConfirmationView["status"], number> = {
  pending: 0,
  approving: 1,
  rejecting: 1,
  expiring: 1,
  approved: 2,
  rejected: 2,
  expired: 2,
  replaced: 2,
};

/** The view of a handle to draw: this tab's response while it is further along than the stream's. */
export function newerConfirmation(
  answered: ConfirmationView | null,
  streamed: ConfirmationView,
): ConfirmationView {
  return answered && RANK[answered.status] > RANK[streamed.status] ? answered : streamed;
}

export type Decide = (
  decision: "approve" | "reject" | "edit",
  input?: Record<string, unknown>,
) => Promise<void>;

/**
 * Approving, rejecting, or editing and approving a proposed action; the card then shows the handle
 * as the server settled it. An edit answers with the handle that replaced this one (or, refused,
 * with the one that stands): `onReplaced` names it, so its card takes the focus.
 */
export function useConfirmationDecision(
  streamed: ConfirmationView,
  chatId: string,
  onReplaced?: (token: string) => void,
) {
  const [answered, setAnswered] = useState<ConfirmationView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The fields of an edit the tool's schema refused, as the server named them.
  const [faults, setFaults] = useState<string[]>([]);
  // This tab's decision came second: the card says who decided, not only what happened.
  const [elsewhere, setElsewhere] = useState<string | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const confirmation = newerConfirmation(answered, streamed);

  const decide: Decide = async (decision, input) => {
    setBusy(true);
    setError(null);
    setFaults([]);
    let settled: ConfirmationView | undefined;
    let refusal: unknown = null;
    try {
      ({ confirmation: settled } = await postJson<DecidedConfirmation>(
        `/api/chats/${chatId}/confirmations/${confirmation.token}`,
        decision === "edit" ? { decision, input } : { decision },
      ));
    } catch (caught) {
      // A refusal carries the handle as it stands (decided elsewhere, or expired): the card says it.
      refusal = caught;
      settled =
        caught instanceof ApiError
          ? (caught.body?.confirmation as ConfirmationView | undefined)
          : undefined;
    }
    setBusy(false);
    if (!settled) {
      // An edit the tool's schema refused carries no handle: the card says why and stays open.
      if (refusal instanceof ApiError && refusal.code === "confirmation-edit-refused") {
        const fields = refusal.body?.fields;
        setFaults(Array.isArray(fields) ? fields.filter((key) => typeof key === "string") : []);
        return setError(refusalSentence(refusal, "The changes could not be sent"));
      }
      return setError("The decision could not be sent. Check your connection and try again.");
    }
    setAnswered(settled);
    setElsewhere(decidedElsewhere(refusal, settled));
    if (settled.token !== confirmation.token) onReplaced?.(settled.token);
    // The buttons go with the decision; the person lands on what happened instead.
    outcome.current?.focus();
  };

  return { confirmation, busy, error, faults, elsewhere, outcome, decide };
}
