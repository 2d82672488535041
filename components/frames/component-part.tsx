"use client";

import type { ComponentPart, ItemView } from "@/lib/chat/view";

/** Draws a resolved component frame through the registry of components this app draws. */
export function ComponentPartView({ part }: { part: ComponentPart; item: ItemView; chatId: string }) {
  return <p className="text-sm">{part.fallback.summary}</p>;
}
