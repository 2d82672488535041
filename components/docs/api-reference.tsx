"use client";

import "@/components/ui/zod-without-eval";
import dynamic from "next/dynamic";
import { useSyncExternalStore } from "react";
import "@scalar/api-reference-react/style.css";
import "./api-reference.css";

// The renderer draws in the browser only (it mounts a Vue app); its chunks load with this page alone.
const ApiReferenceReact = dynamic(
  () => import("@scalar/api-reference-react").then((module) => module.ApiReferenceReact),
  {
    ssr: false,
    // The app's frame leaves this page's <main> to the renderer; until it draws, this is it.
    loading: () => (
      <main className="p-6 text-sm text-zinc-600 dark:text-zinc-400">
        Loading the API reference…
      </main>
    ),
  },
);

const DARK = "(prefers-color-scheme: dark)";

// The origin the page was served from never changes while it is open.
const stays = () => () => {};

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Follows the reader's colour scheme like the rest of the app; nothing leaves for another origin.
 * Its samples name the origin this page was served from, so a curl line runs as written.
 */
export function ApiReference({ document }: { document: Record<string, unknown> }) {
  const dark = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DARK).matches,
    () => false,
  );
  const origin = useSyncExternalStore(
    stays,
    () => window.location.origin,
    () => null,
  );
  return (
    <ApiReferenceReact
      configuration={{
        content: document,
        servers: origin ? [{ url: origin }] : undefined,
        // One column, each operation's samples under it: the default's three columns leave the
        // descriptions a sliver at 1,280 px beside the app's chat list.
        layout: "classic",
        // Its AI agent turns itself on at localhost and would reach scalar.com; nothing here may.
        agent: { disabled: true },
        forceDarkModeState: dark ? "dark" : "light",
        hideDarkModeToggle: true,
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        hideTestRequestButton: true,
        showDeveloperTools: "never",
        mcp: { disabled: true },
      }}
    />
  );
}
