"use client";

import { lazy, Suspense, useCallback, useState } from "react";
import { SecondaryButton } from "@/components/ui/secondary-button";

// Most readers never share a chat: the dialog loads with the first press of Share.
const ShareDialog = lazy(() => import("./share-dialog"));

/**
 * The chat header's Share dialog, opened from the header's button or, on a phone, from its menu of
 * chat actions: each opening draws it afresh, so it reads whether the chat is shared.
 */
export function useShareDialog(chatId: string): { open: () => void; dialog: React.ReactNode } {
  const [opened, setOpened] = useState(0);
  const open = useCallback(() => setOpened((count) => count + 1), []);
  return {
    open,
    dialog: opened > 0 && (
      <Suspense fallback={null}>
        <ShareDialog key={opened} chatId={chatId} />
      </Suspense>
    ),
  };
}

export function ShareButton({ onOpen, className }: { onOpen: () => void; className: string }) {
  return (
    <SecondaryButton
      onClick={onOpen}
      aria-haspopup="dialog"
      className={`shrink-0 px-3 py-1 text-sm ${className}`}
    >
      Share
    </SecondaryButton>
  );
}
