"use client";

import { lazy, Suspense } from "react";
import { useDrawn } from "./drawn-context";

const LiveMarkdown = lazy(() => import("./markdown-live"));

/**
 * Markdown prose: as the server drew it for a finished message (drawn-context.tsx), or parsed here.
 * `own` is a person's message on the accent colour: its links, code and line breaks are drawn for
 * that background (globals.css, `.prose-own`).
 */
export function Markdown({
  text,
  tone = "reply",
  streaming = false,
}: {
  text: string;
  tone?: "reply" | "own";
  streaming?: boolean;
}) {
  const drawn = useDrawn("text", text);
  return (
    <div className={`prose-chat break-words ${tone === "own" ? "prose-own" : ""}`}>
      {drawn !== undefined && !streaming ? (
        drawn
      ) : (
        // Until the parser has loaded, the text reads as written.
        <Suspense fallback={<p className="whitespace-pre-wrap">{text}</p>}>
          <LiveMarkdown text={text} streaming={streaming} />
        </Suspense>
      )}
    </div>
  );
}
