"use client";

import { PrimaryButton } from "@/components/ui/primary-button";

/**
 * What a page shows when it failed on the server after it began (a database lost mid-render):
 * an outage found before rendering is answered 503 by the proxy instead (lib/outage-page.ts).
 * Trying again reloads, so the server decides afresh.
 */
export function PageFailure() {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-3xl space-y-3 px-4 py-12">
        <h1 className="text-xl font-semibold">This page could not be loaded</h1>
        <p>Something went wrong on our side, perhaps for a moment. Your chats are kept.</p>
        <PrimaryButton type="button" onClick={() => window.location.reload()}>
          Try again
        </PrimaryButton>
      </div>
    </div>
  );
}
