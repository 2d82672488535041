"use client";

import dynamic from "next/dynamic";
import { useSyncExternalStore } from "react";
import * as z from "zod/mini";
import "@scalar/api-reference-react/style.css";
import "./api-reference.css";

// The renderer draws in the browser only (it mounts a Vue app); its chunks load with this page alone.
// It brings classic zod, which no other page loads: a classic object probes for `new Function` to
// compile a fast parser, and the Content-Security-Policy (no 'unsafe-eval') reports the refused
// probe as a violation. zod keeps one config for every copy in the page, so parsing without the
// compiler is set before the renderer loads.
const ApiReferenceReact = dynamic(
  () => {
    z.config({ jitless: true });
    return import("@scalar/api-reference-react").then((module) => module.ApiReferenceReact);
  },
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
