"use client";

import { lazy, memo, Suspense, useRef, useState } from "react";
import { AppMark } from "@/components/ui/icons";
import { CopyButton } from "@/components/ui/copy-button";
import { LocalTime, useExactTime } from "@/components/ui/local-time";
import type { ItemView, Origin, Part } from "@/lib/chat/wire";
import { EditButton } from "./edit-message";
import { OLDER_VERSION_NOTE, OlderVersionContext } from "./older-version";
import { PartView, partKey, replyText } from "./part-view";
import { RegenerateButton } from "./regenerate-button";
import { useShownVersion } from "./reply-versions";

// The form to edit a message loads when the person first asks to edit one, the steps between a
// reply's versions with the first reply written again.
const EditForm = lazy(() => import("./edit-form"));
const VersionSwitcher = lazy(() => import("./version-switcher"));

const STATUS_NOTE: Partial<Record<ItemView["status"], string>> = {
  interrupted: "This reply was interrupted.",
  failed: "The agent could not finish this reply.",
  stopped: "You stopped this reply.",
};

/** A person's message that came from a pick says so, and names the pick when the text differs. */
function originNote(label: string, parts: Part[]): string {
  const text = parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
  return text === label ? "Picked from a list" : `Picked “${label}”`;
}

/** When a message was written, for screen readers; the same exact time is the message's tooltip. */
function MessageTime({ item }: { item: ItemView }) {
  return <LocalTime iso={item.createdAt} className="sr-only" />;
}

const DECISION_NOTE: Record<
  Extract<Origin, { kind: "confirmation" }>["outcome"],
  (label: string) => string
> = {
  executed: (label) => `You approved “${label}”`,
  failed: (label) => `You approved “${label}”, but it failed`,
  rejected: (label) => `You rejected “${label}”`,
  expired: (label) => `“${label}” expired before anyone decided`,
};

/** `editReason`: undefined for a message that is not the person's own typing (no Edit), null when it can be edited. */
function UserMessage({
  item,
  chatId,
  editReason,
}: {
  item: ItemView;
  chatId: string;
  editReason: string | null | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  if (editing) {
    const close = () => {
      setEditing(false);
      requestAnimationFrame(() => editButton.current?.focus());
    };
    return (
      <Suspense fallback={<MessageBody item={item} chatId={chatId} />}>
        <EditForm item={item} chatId={chatId} onClose={close} />
      </Suspense>
    );
  }
  return (
    <div className="flex flex-col items-end gap-1">
      <MessageBody item={item} chatId={chatId} />
      {editReason !== undefined && (
        <EditButton reason={editReason} onEdit={() => setEditing(true)} buttonRef={editButton} />
      )}
    </div>
  );
}

// Apart from its Edit, whose reason changes as replies start and end: the text draws only when it changed.
const MessageBody = memo(function MessageBody({
  item,
  chatId,
}: {
  item: ItemView;
  chatId: string;
}) {
  return (
    <article
      aria-label="You"
      title={useExactTime(item.createdAt)}
      data-status={item.status}
      className="ml-auto w-fit max-w-[85%] space-y-1 rounded-2xl bg-indigo-600 px-4 py-2 text-white"
    >
      <MessageTime item={item} />
      {item.origin && item.origin.kind !== "confirmation" && (
        <p className="text-xs text-indigo-100">
          {item.origin.kind === "mcpApp"
            ? `Sent from ${item.origin.toolName}`
            : originNote(item.origin.label, item.parts)}
        </p>
      )}
      {item.parts.map((part, index) => (
        <PartView key={partKey(part, index)} part={part} item={item} chatId={chatId} />
      ))}
    </article>
  );
});

/** The host's report of a decision, sent to the agent for the person: drawn as a line, not a bubble. */
function DecisionNote({
  item,
  origin,
}: {
  item: ItemView;
  origin: Extract<Origin, { kind: "confirmation" }>;
}) {
  return (
    <article
      aria-label="Decision"
      title={useExactTime(item.createdAt)}
      data-status={item.status}
      className="flex justify-center"
    >
      <MessageTime item={item} />
      <p className="rounded-full bg-zinc-100 px-3 py-1 text-center text-sm text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
        {DECISION_NOTE[origin.outcome](origin.label)}
      </p>
    </article>
  );
}

function Reply({ item: newest, chatId, last }: { item: ItemView; chatId: string; last: boolean }) {
  const { drawn: item, older, shown, total, show } = useShownVersion(newest);
  const subagent = item.parentToolUseId !== null;
  const note = STATUS_NOTE[item.status];
  return (
    <article
      aria-label={subagent ? "Subagent" : "Agent"}
      title={useExactTime(item.createdAt)}
      data-status={item.status}
      className={
        subagent
          ? "ml-4 max-w-full space-y-3 border-l-2 border-zinc-300 pl-4 dark:border-zinc-700"
          : "max-w-full space-y-3"
      }
    >
      {subagent ? (
        <p className="text-xs font-medium uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
          Subagent
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm font-medium">
          <AppMark className="size-6" />
          Answerable agent
        </p>
      )}
      <MessageTime item={item} />
      <OlderVersionContext value={older}>
        {/* An earlier version draws its blocks and lists afresh; the newest keeps its own state as it is rewritten (a refused pick says why). */}
        <div key={older ? item.revision : "newest"} className="space-y-3">
          {item.parts.map((part, index) => (
            <PartView key={partKey(part, index)} part={part} item={item} chatId={chatId} />
          ))}
        </div>
      </OlderVersionContext>
      {older && <p className="text-sm text-zinc-600 dark:text-zinc-400">{OLDER_VERSION_NOTE}</p>}
      {item.status === "streaming" && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <span className="inline-block animate-pulse" aria-hidden>
            ●
          </span>{" "}
          Replying…
        </p>
      )}
      {note && <p className="text-sm text-amber-800 dark:text-amber-300">{note}</p>}
      {(item.status !== "streaming" || total > 1) && (
        <div className="flex flex-wrap items-start gap-2">
          {total > 1 && (
            <Suspense fallback={null}>
              <VersionSwitcher shown={shown} total={total} onShow={show} />
            </Suspense>
          )}
          {item.status !== "streaming" && item.parts.length > 0 && (
            <CopyButton text={() => replyText(item)} label="Copy reply" />
          )}
          {last && !older && <RegenerateButton item={newest} chatId={chatId} />}
        </div>
      )}
    </article>
  );
}

/** One item of the chat. It redraws only when its own view changed, not for every streamed delta. */
type ItemBubbleProps = {
  item: ItemView;
  chatId: string;
  last: boolean;
  editReason?: string | null;
};

export const ItemBubble = memo(function ItemBubble({
  item,
  chatId,
  last,
  editReason,
}: ItemBubbleProps) {
  if (item.role === "assistant") return <Reply item={item} chatId={chatId} last={last} />;
  if (item.origin?.kind === "confirmation")
    return <DecisionNote item={item} origin={item.origin} />;
  return <UserMessage item={item} chatId={chatId} editReason={editReason} />;
});
