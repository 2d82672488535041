"use client";

import { createElement, useState, type ComponentType, type ReactElement } from "react";
import type { ComponentPart, ItemView } from "@/lib/chat/wire";
import { ChoiceList } from "./choice-list";
import { ConfirmationList } from "./confirmation-list";
import type { FrameProps } from "./frame-props";

/** One entry per component key of the app's manifest; nothing else ever draws. */
const REGISTRY = new Map<string, ComponentType<FrameProps>>([["choice-list", ChoiceList]]);

/** Draws a resolved frame, and the confirmations its choices proposed, in place and in order. */
export function ComponentPartView({
  part,
  item,
  chatId,
}: {
  part: ComponentPart;
  item: ItemView;
  chatId: string;
}) {
  const [proposed, setProposed] = useState<string | null>(null);
  const frame = drawFrame(part, { part, item, chatId, onProposed: setProposed });
  return (
    <div className="space-y-2">
      {frame ?? <p className="text-sm">{part.fallback.summary}</p>}
      <ConfirmationList
        item={item}
        instanceId={part.instanceId}
        chatId={chatId}
        focused={proposed}
        onReplaced={setProposed}
      />
    </div>
  );
}

/** The registry's module-level component for this frame, drawn; undefined for a key it lacks. */
function drawFrame(part: ComponentPart, props: FrameProps): ReactElement | undefined {
  const Component = REGISTRY.get(part.componentKey);
  return Component === undefined ? undefined : createElement(Component, props);
}
