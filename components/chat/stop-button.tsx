"use client";

import { useState } from "react";
import { StopIcon } from "@/components/ui/icons";
import { useHydrated } from "@/components/ui/use-hydrated";
import { postJson } from "@/lib/chat/wire/client-api";

/**
 * Stops the reply being written. The server only records the request; the reply ends as stopped
 * within a moment, wherever it runs, and the button leaves with it.
 */
export function StopButton({ chatId }: { chatId: string }) {
  const [state, setState] = useState<"idle" | "stopping" | "failed">("idle");
  const hydrated = useHydrated();

  async function stop() {
    setState("stopping");
    try {
      await postJson(`/api/chats/${chatId}/turns/stop`, {});
    } catch {
      setState("failed");
    }
  }

  return (
    <button
      type="button"
      onClick={() => void stop()}
      disabled={state === "stopping" || !hydrated}
      title={state === "failed" ? "The reply could not be stopped. Try again." : undefined}
      className="inline-flex items-center gap-1.5 rounded-md border border-zinc-300 px-3 py-2 font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-900"
    >
      <StopIcon />
      {state === "stopping" ? "Stopping…" : state === "failed" ? "Stop (try again)" : "Stop"}
    </button>
  );
}
