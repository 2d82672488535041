"use client";

import { useEffect, useState } from "react";
import { postJson } from "@/lib/chat/client-api";
import type { ConfirmationView } from "@/lib/chat/wire";
import { ErrorNote } from "@/components/ui/error-note";

/** Seconds until expiry, ticking; null until mounted, so server and client render the same. */
function useSecondsLeft(expiresAt: string, active: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now === null ? null : Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1_000));
}

function formatLeft(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function Outcome({ confirmation }: { confirmation: ConfirmationView }) {
  const outcome = confirmation.outcome as { kind?: string; result?: unknown; message?: string } | null;
  switch (confirmation.status) {
    case "approved":
      return outcome?.kind === "executed" ? (
        <div className="space-y-1">
          <p className="font-medium text-emerald-700 dark:text-emerald-300">Approved and run.</p>
          <pre className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900">{JSON.stringify(outcome.result, null, 2)}</pre>
        </div>
      ) : (
        <p className="text-red-700 dark:text-red-300">Approved, but the tool failed: {(outcome?.message ?? "no result").replace(/\.$/, "")}.</p>
      );
    case "rejected":
      return <p className="font-medium">Rejected. Nothing was run.</p>;
    case "expired":
    case "expiring":
      return <p className="font-medium text-amber-700 dark:text-amber-300">This confirmation expired. Nothing was run.</p>;
    case "approving":
    case "rejecting":
      return <p>Working…</p>;
    case "pending":
      return null;
  }
}

/** Asks a person to approve or reject the tool call a choice proposed, before anything runs. */
export function ConfirmationCard({ confirmation, chatId }: { confirmation: ConfirmationView; chatId: string }) {
  const pending = confirmation.status === "pending";
  const secondsLeft = useSecondsLeft(confirmation.expiresAt, pending);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `confirm-${confirmation.token}`;

  async function decide(decision: "approve" | "reject") {
    setBusy(true);
    setError(null);
    try {
      await postJson(`/api/chats/${chatId}/confirmations/${confirmation.token}`, { decision });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The decision could not be sent.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={titleId} className="space-y-2 rounded-lg border border-amber-400 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/30">
      <h3 id={titleId} className="font-medium">
        Confirm: run <code className="font-mono">{confirmation.action}</code>?
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {Object.entries(confirmation.input).map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-medium text-zinc-600 dark:text-zinc-400">{key}</dt>
            <dd className="break-words">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
          </div>
        ))}
      </dl>
      {pending && (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {secondsLeft === null ? (
              "Expires five minutes after it was proposed."
            ) : secondsLeft > 0 ? (
              <>
                Time left: <time dateTime={`PT${secondsLeft}S`}>{formatLeft(secondsLeft)}</time>
              </>
            ) : (
              "Expired: approving now will be refused."
            )}
          </p>
          <div className="flex gap-2">
            <button type="button" disabled={busy} onClick={() => void decide("approve")} className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white disabled:opacity-50">
              Approve
            </button>
            <button type="button" disabled={busy} onClick={() => void decide("reject")} className="rounded-md border border-zinc-400 px-3 py-1.5 font-medium disabled:opacity-50 dark:border-zinc-600">
              Reject
            </button>
          </div>
        </>
      )}
      <div aria-live="polite" className="text-sm">
        <Outcome confirmation={confirmation} />
      </div>
      {error && <ErrorNote>{error}</ErrorNote>}
    </section>
  );
}
