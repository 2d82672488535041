"use client";

import { useState } from "react";
import { ErrorNote } from "@/components/ui/error-note";
import { SecondaryButton } from "@/components/ui/secondary-button";
import { useHydrated } from "@/components/ui/use-hydrated";

/** Above the first item a page holds, while earlier ones exist: brings the page before it. */
export function ShowEarlier({ onShow }: { onShow: () => Promise<boolean> }) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const hydrated = useHydrated();

  async function show() {
    setPending(true);
    setFailed(false);
    const shown = await onShow();
    setFailed(!shown);
    setPending(false);
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-1 px-4 pt-4">
      <SecondaryButton onClick={() => void show()} disabled={pending || !hydrated} className="px-3 py-1.5 text-sm">
        {pending ? "Loading earlier messages…" : "Show earlier messages"}
      </SecondaryButton>
      {failed && <ErrorNote>The earlier messages could not be loaded. Check your connection and try again.</ErrorNote>}
    </div>
  );
}
