"use client";

import { lazy, Suspense } from "react";
import { FrameSkeleton } from "@/components/frames/frame-skeleton";
import type { ItemView, Part } from "@/lib/chat/wire";
import { McpAppFallback } from "@/components/mcp-apps/app-fallback";
import { Markdown } from "./markdown";

// A page loads the code that draws blocks and frames when it first holds one; until it has, a frame's
// skeleton holds the place (a page drawn on the server keeps the server's drawing meanwhile).
const BlockPart = lazy(() =>
  import("./block-part").then((module) => ({ default: module.BlockPart })),
);
const ComponentPartView = lazy(() =>
  import("@/components/frames/component-part").then((module) => ({
    default: module.ComponentPartView,
  })),
);
// An MCP App's view, with the AI SDK's renderer, only where a reply holds one.
const McpAppPartView = lazy(() =>
  import("@/components/mcp-apps/app-part").then((module) => ({ default: module.McpAppPartView })),
);
// With it, the actions its view's calls proposed.
const McpAppConfirmations = lazy(() =>
  import("@/components/mcp-apps/app-confirmations").then((module) => ({
    default: module.McpAppConfirmations,
  })),
);
// So does what stands in for a frame the app refused or does not have.
const DiagnosticNote = lazy(() =>
  import("@/components/frames/frame-notes").then((module) => ({ default: module.DiagnosticNote })),
);
const FallbackNote = lazy(() =>
  import("@/components/frames/frame-notes").then((module) => ({ default: module.FallbackNote })),
);

/** One part of a reply, as the server resolved it. */
export function PartView({ part, item, chatId }: { part: Part; item: ItemView; chatId: string }) {
  switch (part.kind) {
    case "text":
      return (
        <Markdown
          text={part.text}
          tone={item.role === "user" ? "own" : "reply"}
          streaming={item.status === "streaming"}
        />
      );
    case "component":
      return (
        <Suspense fallback={<FrameSkeleton />}>
          <ComponentPartView part={part} item={item} chatId={chatId} />
        </Suspense>
      );
    case "fallback":
      return (
        <Suspense fallback={null}>
          <FallbackNote part={part} />
        </Suspense>
      );
    case "block":
      return (
        <Suspense fallback={<FrameSkeleton />}>
          <BlockPart item={item} chatId={chatId} blockId={part.blockId} fence={part.fence} />
        </Suspense>
      );
    case "diagnostic":
      return (
        <Suspense fallback={null}>
          <DiagnosticNote part={part} />
        </Suspense>
      );
    case "placeholder":
      return <FrameSkeleton />;
    case "mcp-app":
      // A finished reply's view; while the reply is written, its text.
      return item.status === "streaming" ? (
        <McpAppFallback part={part} />
      ) : (
        <Suspense fallback={<McpAppFallback part={part} />}>
          <McpAppPartView part={part} item={item} chatId={chatId} />
          <McpAppConfirmations part={part} item={item} chatId={chatId} />
        </Suspense>
      );
  }
}

/** Frames and blocks keep their identity while a reply grows, so their state survives. */
export function partKey(part: Part, index: number): string | number {
  if (part.kind === "component") return `component:${part.instanceId}`;
  if (part.kind === "block") return `block:${part.blockId}`;
  if (part.kind === "mcp-app") return `mcp-app:${part.toolCallId}`;
  return index;
}

/** A reply as plain text for the clipboard: its prose, and each part's own text stand-in. */
export function replyText(item: ItemView): string {
  const pieces = item.parts.map((part) => {
    switch (part.kind) {
      case "text":
        return part.text;
      case "component":
        return part.fallback.summary;
      case "fallback":
        return part.summary ?? part.text;
      case "block":
        return item.blocks[part.blockId]?.fallback ?? "";
      case "mcp-app":
        return part.fallback;
      default:
        return "";
    }
  });
  return pieces
    .map((piece) => piece.trim())
    .filter(Boolean)
    .join("\n\n");
}
