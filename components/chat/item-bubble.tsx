"use client";

import type { ItemView, Part } from "@/lib/chat/wire";
import { Markdown } from "./markdown";
import { ComponentPartView } from "@/components/frames/component-part";
import { BlockPart } from "./block-part";
import { RegenerateButton } from "./regenerate-button";

const STATUS_NOTE: Partial<Record<ItemView["status"], string>> = {
  interrupted: "This reply was interrupted.",
  failed: "The agent could not finish this reply.",
};

function PartView({ part, item, chatId }: { part: Part; item: ItemView; chatId: string }) {
  switch (part.kind) {
    case "text":
      return <Markdown text={part.text} />;
    case "component":
      return <ComponentPartView part={part} item={item} chatId={chatId} />;
    case "fallback":
      return <p className="rounded-md border border-dashed border-zinc-300 px-3 py-2 text-sm dark:border-zinc-700">{part.text}</p>;
    case "block":
      return <BlockPart item={item} chatId={chatId} blockId={part.blockId} />;
    case "diagnostic":
      return (
        <p role="note" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          <span className="font-mono text-xs">{part.code}</span> {part.message}
        </p>
      );
  }
}

/** Frames and blocks keep their identity while a reply grows, so their state survives. */
function partKey(part: Part, index: number): string | number {
  if (part.kind === "component") return `component:${part.instanceId}`;
  if (part.kind === "block") return `block:${part.blockId}`;
  return index;
}

/** A person's message that came from a pick says so, and names the pick when the text differs. */
function originNote(label: string, parts: Part[]): string {
  const text = parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
  return text === label ? "Picked from a list" : `Picked “${label}”`;
}

export function ItemBubble({ item, chatId, last }: { item: ItemView; chatId: string; last: boolean }) {
  const mine = item.role === "user";
  const note = STATUS_NOTE[item.status];
  return (
    <article
      aria-label={mine ? "You" : item.parentToolUseId ? "Subagent" : "Agent"}
      data-status={item.status}
      className={
        mine
          ? "ml-auto w-fit max-w-[85%] rounded-2xl bg-indigo-600 px-4 py-2 text-white"
          : item.parentToolUseId
            ? "ml-4 max-w-full space-y-3 border-l-2 border-zinc-300 pl-4 dark:border-zinc-700"
            : "max-w-full space-y-3"
      }
    >
      {item.parentToolUseId && <p className="text-xs font-medium uppercase tracking-wide text-zinc-600 dark:text-zinc-400">Subagent</p>}
      {item.origin && "label" in item.origin && (
        <p className="text-xs text-indigo-100">{originNote(item.origin.label, item.parts)}</p>
      )}
      {item.parts.map((part, index) => (
        <PartView key={partKey(part, index)} part={part} item={item} chatId={chatId} />
      ))}
      {item.status === "streaming" && (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          <span className="inline-block animate-pulse" aria-hidden>
            ●
          </span>{" "}
          Replying…
        </p>
      )}
      {note && <p className="text-sm text-amber-700 dark:text-amber-300">{note}</p>}
      {last && <RegenerateButton item={item} chatId={chatId} />}
    </article>
  );
}
