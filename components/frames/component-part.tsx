"use client";

import type { ComponentType } from "react";
import type { ComponentPart, ItemView } from "@/lib/chat/wire";
import { ChoiceList } from "./choice-list";
import { ConfirmationCard } from "./confirmation-card";

type FrameProps = { part: ComponentPart; item: ItemView; chatId: string };

/** One entry per component key of the app's manifest; nothing else ever draws. */
const REGISTRY = new Map<string, ComponentType<FrameProps>>([["choice-list", ChoiceList]]);

/** Draws a resolved frame, and any confirmation one of its choices proposed, in place. */
export function ComponentPartView({ part, item, chatId }: FrameProps) {
  const Component = REGISTRY.get(part.componentKey);
  const confirmations = Object.values(item.confirmations).filter((confirmation) => confirmation.instanceId === part.instanceId);
  return (
    <div className="space-y-2">
      {Component ? <Component part={part} item={item} chatId={chatId} /> : <p className="text-sm">{part.fallback.summary}</p>}
      {confirmations.map((confirmation) => (
        <ConfirmationCard key={confirmation.token} confirmation={confirmation} chatId={chatId} />
      ))}
    </div>
  );
}
