"use client";

import { useEffect, useRef, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorNote } from "@/components/ui/error-note";
import { LocalTime } from "@/components/ui/local-time";
import { PrimaryButton } from "@/components/ui/primary-button";
import { refusalSentence } from "@/components/ui/refusals";
import { SecondaryButton } from "@/components/ui/secondary-button";
import { sendJson } from "@/lib/chat/wire/client-api";
import type { ShareIssued, ShareState } from "@/lib/chat/wire";

// Unknown until the dialog asks; a link just made is the only time its address is known here.
type Shown =
  | { kind: "loading" }
  | { kind: "state"; state: ShareState }
  | { kind: "issued"; url: string; sharedAt: string };

async function readState(chatId: string): Promise<ShareState> {
  const response = await fetch(`/api/chats/${chatId}/share`);
  if (!response.ok) throw new Error("The share state could not be read");
  return (await response.json()) as ShareState;
}

/**
 * The dialog behind the chat header's Share (share-button.tsx): make a public read-only link, copy
 * it, or stop sharing. Drawn afresh for each press, it opens and reads whether the chat is shared.
 */
export default function ShareDialog({ chatId }: { chatId: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [shown, setShown] = useState<Shown>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(work: () => Promise<Shown>, failed: string) {
    setBusy(true);
    setError(null);
    try {
      setShown(await work());
    } catch (caught) {
      setError(refusalSentence(caught, failed));
    }
    setBusy(false);
  }

  useEffect(() => {
    dialog.current?.showModal();
    let current = true;
    readState(chatId).then(
      (state) => current && setShown({ kind: "state", state }),
      (caught: unknown) =>
        current &&
        setError(refusalSentence(caught, "Whether this chat is shared could not be read")),
    );
    return () => {
      current = false;
    };
  }, [chatId]);

  const share = () =>
    run(async () => {
      const issued = await sendJson<ShareIssued>("POST", `/api/chats/${chatId}/share`);
      return {
        kind: "issued",
        url: new URL(issued.path, window.location.origin).href,
        sharedAt: issued.sharedAt,
      };
    }, "The link could not be made");
  const stop = () =>
    run(
      async () => ({
        kind: "state",
        state: await sendJson<ShareState>("DELETE", `/api/chats/${chatId}/share`),
      }),
      "Sharing could not be stopped",
    );
  const shared = shown.kind === "issued" || (shown.kind === "state" && shown.state.shared);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="share-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100 dark:backdrop:bg-black/70"
    >
      <div className="space-y-3 p-4">
        <h2 id="share-title" className="text-lg font-semibold">
          Share this chat
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Anyone with the link sees a read-only copy that follows the chat live. They cannot answer,
          send or change anything.
        </p>
        {shown.kind === "loading" && !error && (
          <p role="status" className="text-sm">
            Reading whether this chat is shared…
          </p>
        )}
        {shown.kind === "issued" && (
          <div className="space-y-2">
            <label htmlFor="share-link" className="block text-sm font-medium">
              Link
            </label>
            <div className="flex items-center gap-2">
              <input
                id="share-link"
                readOnly
                value={shown.url}
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900"
              />
              <CopyButton text={() => shown.url} label="Copy the link" />
            </div>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              Copy it now: it is shown only this once. A new link replaces it.
            </p>
          </div>
        )}
        {shown.kind === "state" && shown.state.sharedAt && (
          <p className="text-sm">
            Shared since <LocalTime iso={shown.state.sharedAt} />. Its link was shown when it was
            made; make a new one to copy it again (the old one stops working).
          </p>
        )}
        {shown.kind === "state" && !shown.state.shared && (
          <p className="text-sm">This chat is private.</p>
        )}
        {error && <ErrorNote>{error}</ErrorNote>}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          {shown.kind === "state" && (
            <PrimaryButton
              type="button"
              disabled={busy}
              onClick={() => void share()}
              className="px-3 py-1.5 text-sm"
            >
              {shown.state.shared ? "Make a new link" : "Create a link"}
            </PrimaryButton>
          )}
          {shared && (
            <SecondaryButton
              disabled={busy}
              onClick={() => void stop()}
              className="px-3 py-1.5 text-sm"
            >
              Stop sharing
            </SecondaryButton>
          )}
          <SecondaryButton onClick={() => dialog.current?.close()} className="px-3 py-1.5 text-sm">
            Close
          </SecondaryButton>
        </div>
      </div>
    </dialog>
  );
}
