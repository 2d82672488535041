"use client";

import type { ItemView, Part } from "@/lib/chat/wire";
import { Markdown } from "./markdown";
import { ComponentPartView } from "@/components/frames/component-part";

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
    case "diagnostic":
      return (
        <p role="note" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          <span className="font-mono text-xs">{part.code}</span> {part.message}
        </p>
      );
  }
}

/** A person's message that came from a pick says so, and names the pick when the text differs. */
function originNote(label: string, parts: Part[]): string {
  const text = parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
  return text === label ? "Picked from a list" : `Picked “${label}”`;
}

export function ItemBubble({ item, chatId }: { item: ItemView; chatId: string }) {
  const mine = item.role === "user";
  const note = STATUS_NOTE[item.status];
  return (
    <article
      aria-label={mine ? "You" : "Agent"}
      data-status={item.status}
      className={mine ? "ml-auto w-fit max-w-[85%] rounded-2xl bg-indigo-600 px-4 py-2 text-white" : "max-w-full space-y-3"}
    >
      {item.origin && "label" in item.origin && (
        <p className="text-xs text-indigo-100">{originNote(item.origin.label, item.parts)}</p>
      )}
      {item.parts.map((part, index) => (
        <PartView key={part.kind === "component" ? `component:${part.instanceId}` : index} part={part} item={item} chatId={chatId} />
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
    </article>
  );
}
