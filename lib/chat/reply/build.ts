import "server-only";
import {
  compileStoredUi,
  findUiFences,
  uiFallbackText,
  uiHasFence,
  type UiBlock,
  type UiFence,
} from "@/lib/intelligent-ui";
import { LIVE_SOURCES, querySchemasOf } from "@/lib/live-sources";
import { contentParts } from "./content";
import type { Part } from "../wire";

/** The stored parts of a reply and its compiled blocks. A streaming reply's `blocks` are empty: its block parts carry their fences (decision 025). */
export type BuiltReply = { parts: Part[]; blocks: UiBlock[] };

/** What a stored block may `@Query`: the host's registered sources; any other does not compile. */
const QUERY_SCHEMAS = querySchemasOf(LIVE_SOURCES);

type BuildReplyOptions = { itemId: string; final: boolean; revision?: number };

/**
 * Splits a reply's text into the content parts it is stored and streamed as, and compiles its blocks
 * once it is final. Block ids count offsets in the reply's prose, which only grows while streaming, so an id never
 * changes. Only a final reply compiles; a streaming one sends each fence's text for the page to preview.
 */
export function buildReply(content: string, options: BuildReplyOptions): BuiltReply {
  const { itemId, final, revision } = options;
  const parts = contentParts(content, { final });
  const prose = parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
  if (!uiHasFence(prose)) return { parts, blocks: [] };
  if (!final)
    return { parts: splitAtFences(parts, prose, findUiFences(prose), itemId, true), blocks: [] };
  // A stored block gets the room a busy server needs: it is never refused on time (docs/language.md §10.5).
  const blocks = compileStoredUi(prose, { id: itemId, querySchemas: QUERY_SCHEMAS }).map(
    (block) => ({ ...block, revision }),
  );
  const compiled = new Set(blocks.map((block) => block.id));
  // Past the reply's budgets a fence has no block: it stays text.
  const fences = findUiFences(prose).filter((fence) => compiled.has(blockId(itemId, fence)));
  return { parts: splitAtFences(parts, prose, fences, itemId, false), blocks };
}

function blockId(itemId: string, fence: UiFence): string {
  return `${itemId}:ui:${fence.start}`;
}

function splitAtFences(
  parts: readonly Part[],
  prose: string,
  fences: readonly UiFence[],
  itemId: string,
  streaming: boolean,
): Part[] {
  const split: Part[] = [];
  let offset = 0;
  for (const part of parts) {
    if (part.kind !== "text") {
      split.push(part);
      continue;
    }
    const end = offset + part.text.length;
    let at = offset;
    for (const fence of fences) {
      if (fence.start < offset || fence.start >= end) continue;
      if (fence.start > at) split.push({ kind: "text", text: prose.slice(at, fence.start) });
      at = Math.min(fence.end, end);
      split.push(
        streaming
          ? { kind: "block", blockId: blockId(itemId, fence), fence: prose.slice(fence.start, at) }
          : { kind: "block", blockId: blockId(itemId, fence) },
      );
    }
    if (at < end) split.push({ kind: "text", text: prose.slice(at, end) });
    offset = end;
  }
  return split;
}

/** Blocks become their text fallback, frames their fallback summary: never raw fences or frame JSON. */
export function replyHistoryText(content: string, blocks: readonly UiBlock[]): string {
  let offset = 0;
  return contentParts(content, { final: true })
    .map((part) => {
      switch (part.kind) {
        case "text": {
          const start = offset;
          offset += part.text.length;
          const own = blocks.filter((block) => within(blockOffset(block.id), start, offset));
          return own.length === 0 ? part.text : uiFallbackText(part.text, own);
        }
        case "component":
          return `\n${part.fallback.summary}\n`;
        case "fallback":
          return `\n${part.text}\n`;
        case "mcp-app":
          return `\n${part.fallback}\n`;
        case "diagnostic":
        case "block":
        case "placeholder":
          return "";
      }
    })
    .join("");
}

/** Block ids end in `:ui:<offset>`. */
function blockOffset(blockId: string): number {
  return Number(blockId.slice(blockId.lastIndexOf(":ui:") + 4));
}

function within(value: number, start: number, end: number): boolean {
  return value >= start && value < end;
}
