"use client";

import { useState } from "react";
import { MoreIcon } from "@/components/ui/icons";
import { MenuButton } from "@/components/ui/menu";
import { ShareButton, useShareDialog } from "./share-button";
import { SourceGrants } from "./source-grants";
import type { StreamStatus } from "./use-chat-stream";

const STATUS_TEXT: Record<Exclude<StreamStatus, "deleted">, string> = {
  live: "Live",
  connecting: "Connecting…",
  stalled: "Waiting for the database…",
  reconnecting: "Reconnecting…",
};

/**
 * Whether the page hears the chat. On a phone the word gives the title its room and a dot stays
 * (solid when live, a ring otherwise, so it is not told by colour alone), except when the stream
 * was lost or the database stopped answering: that is said in words at every size.
 */
function StreamState({ status }: { status: Exclude<StreamStatus, "deleted"> }) {
  const live = status === "live";
  // A connection lost or a database that stopped answering is said in words at every size.
  const written = status === "reconnecting" || status === "stalled";
  return (
    <span
      className="flex shrink-0 items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400"
      data-stream-status={status}
    >
      <span
        aria-hidden
        className={`size-2 rounded-full ${live ? "bg-emerald-500" : "border-2 border-amber-500"}`}
      />
      <span className={written ? undefined : "sr-only sm:not-sr-only"}>{STATUS_TEXT[status]}</span>
    </span>
  );
}

/**
 * The chat's title and what acts on the whole chat. On a wide screen Share and Data access sit
 * beside the title; on a phone the title has the row and they wait in a menu of chat actions.
 */
export function ChatHeader({
  chatId,
  title,
  status,
  shared,
}: {
  chatId: string;
  title: string;
  status: Exclude<StreamStatus, "deleted">;
  shared: boolean;
}) {
  const share = useShareDialog(chatId);
  const [grantsOpen, setGrantsOpen] = useState(false);
  return (
    <div className="relative flex items-center justify-between gap-4 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-800">
      {/* Two lines on a phone rather than an ellipsis; one on a wide screen, as before. */}
      <h1 className="line-clamp-2 min-w-0 flex-1 break-words text-base font-semibold sm:block sm:truncate sm:text-lg">
        {title}
      </h1>
      {shared ? (
        <p className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">Shared copy · read only</p>
      ) : (
        <>
          <ShareButton onOpen={share.open} className="hidden sm:block" />
          {share.dialog}
          <SourceGrants chatId={chatId} open={grantsOpen} setOpen={setGrantsOpen} />
        </>
      )}
      <StreamState status={status} />
      {!shared && (
        <MenuButton
          label="Chat actions"
          icon={<MoreIcon className="size-5" />}
          className="sm:hidden"
          items={[
            { label: "Share", onSelect: share.open },
            { label: "Data access", onSelect: () => setGrantsOpen(true) },
          ]}
        />
      )}
    </div>
  );
}
