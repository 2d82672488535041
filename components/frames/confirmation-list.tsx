"use client";

import type { ItemView } from "@/lib/chat/wire";
import { ConfirmationCard } from "./confirmation-card";

/**
 * The proposals of one instance in a reply (a list's picks, a view's calls), in order. An edited
 * handle is drawn as the handle that replaced it, in its place.
 */
export function ConfirmationList({
  item,
  instanceId,
  chatId,
  focused,
  onReplaced,
}: {
  item: ItemView;
  instanceId: string;
  chatId: string;
  /** The handle to land the person on, when this tab proposed it or an edit replaced it. */
  focused: string | null;
  onReplaced: (token: string) => void;
}) {
  const confirmations = Object.values(item.confirmations).filter(
    (confirmation) => confirmation.instanceId === instanceId && confirmation.status !== "replaced",
  );
  return confirmations.map((confirmation) => (
    <ConfirmationCard
      key={confirmation.token}
      confirmation={confirmation}
      chatId={chatId}
      focusOnMount={focused === confirmation.token}
      onReplaced={onReplaced}
    />
  ));
}
