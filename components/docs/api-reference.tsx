"use client";

import dynamic from "next/dynamic";
import { useSyncExternalStore } from "react";
import "@scalar/api-reference-react/style.css";
import "./api-reference.css";

// The renderer draws in the browser only (it mounts a Vue app); its chunks load with this page alone.
const ApiReferenceReact = dynamic(
  () => import("@scalar/api-reference-react").then((module) => module.ApiReferenceReact),
  {
    ssr: false,
    loading: () => (
      <p className="p-6 text-sm text-zinc-600 dark:text-zinc-400">Loading the API reference…</p>
    ),
  },
);

const DARK = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Follows the reader's colour scheme like the rest of the app; nothing leaves for another origin. */
export function ApiReference({ document }: { document: Record<string, unknown> }) {
  const dark = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DARK).matches,
    () => false,
  );
  return (
    <ApiReferenceReact
      configuration={{
        content: document,
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
