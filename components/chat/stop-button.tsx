"use client";

import { useEffect, useEffectEvent, useState } from "react";
import { StopIcon } from "@/components/ui/icons";
import { shortcutOf } from "@/components/ui/shortcuts";
import { useHydrated } from "@/components/ui/use-hydrated";
import { postJson } from "@/lib/chat/wire/client-api";
import { CONNECTION_NOTE_ID } from "./connection-note";

/**
 * Stops the reply being written. The server only records the request; the reply ends as stopped
 * within a moment, wherever it runs, and the button leaves with it. Escape presses it too, while it
 * is shown, unless a dialog or a field has a use for that Escape. It waits while the chat is offline.
 */
export function StopButton({ chatId, offline }: { chatId: string; offline: boolean }) {
  const [state, setState] = useState<"idle" | "stopping" | "failed">("idle");
  const hydrated = useHydrated();
  const onEscape = useEffectEvent(() => void stop());
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (shortcutOf(event, event.target) !== "stop") return;
      event.preventDefault();
      onEscape();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  async function stop() {
    if (offline || state === "stopping") return;
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
      aria-disabled={offline || undefined}
      aria-describedby={offline ? CONNECTION_NOTE_ID : undefined}
      title={state === "failed" ? "The reply could not be stopped. Try again." : undefined}
      className="inline-flex items-center gap-1.5 rounded-md border border-zinc-300 px-3 py-2 font-medium hover:bg-zinc-100 disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-900"
    >
      <StopIcon />
      {state === "stopping" ? "Stopping…" : state === "failed" ? "Stop (try again)" : "Stop"}
    </button>
  );
}
