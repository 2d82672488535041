"use client";

import { lazy, Suspense, useState } from "react";
import { SecondaryButton } from "@/components/ui/secondary-button";

// Most readers never share a chat: the dialog loads with the first press of Share.
const ShareDialog = lazy(() => import("./share-dialog"));

/** The chat header's Share: each press opens the dialog and reads whether the chat is shared. */
export function ShareButton({ chatId }: { chatId: string }) {
  const [opened, setOpened] = useState(0);
  return (
    <>
      <SecondaryButton
        onClick={() => setOpened((count) => count + 1)}
        aria-haspopup="dialog"
        className="shrink-0 px-3 py-1 text-sm"
      >
        Share
      </SecondaryButton>
      {opened > 0 && (
        <Suspense fallback={null}>
          <ShareDialog key={opened} chatId={chatId} />
        </Suspense>
      )}
    </>
  );
}
