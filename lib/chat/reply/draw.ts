import "server-only";
import { compileStoredUi, compileUi, findUiFences, uiFallbackText, uiHasFence, type UiBlock, type UiCompiler, type UiFence } from "@/lib/intelligent-ui";
import { LIVE_SOURCES, querySchemasOf } from "@/lib/live-sources";
import { contentParts } from "./content";
import type { Part } from "../wire";

/** `compiled`: blocks compiled for this text; otherwise the last previews, and `pending` says one has grown since. */
export type DrawnReply = { parts: Part[]; blocks: UiBlock[]; compiled: boolean; pending: boolean };

/** What a block may `@Query`: the host's registered sources; any other does not compile. */
export const QUERY_SCHEMAS = querySchemasOf(LIVE_SOURCES);

type DrawOptions = {
  itemId: string;
  final: boolean;
  revision?: number;
  /** A streaming reply's compiler: previews resume where the last one stopped. */
  compiler?: UiCompiler;
  /** Without a compiler, a streaming reply keeps these previews instead of compiling. */
  known?: ReadonlyMap<string, UiBlock>;
};

/**
 * Block ids count offsets in the reply's prose, which only grows while streaming, so an id never
 * changes. A final reply compiles afresh, with room; a streaming one previews.
 */
export function drawReply(content: string, options: DrawOptions): DrawnReply {
  const { itemId, final, revision, compiler, known } = options;
  const parts = contentParts(content, { final });
  const prose = parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
  if (!uiHasFence(prose)) return { parts, blocks: [], compiled: true, pending: false };
  const compiled = final || compiler !== undefined || known === undefined;
  const blocks = final
    ? // A stored block gets the room a busy server needs: it is never refused on time (LANGUAGE.md §10).
      compileStoredUi(prose, { id: itemId, querySchemas: QUERY_SCHEMAS }).map((block) => ({ ...block, revision }))
    : compiler?.compile(prose) ?? (known ? [...known.values()] : compileUi(prose, { id: itemId, querySchemas: QUERY_SCHEMAS }));
  const byId = new Map(blocks.map((block) => [block.id, block]));
  let pending = false;
  const fences = findUiFences(prose).filter((fence) => {
    const block = byId.get(`${itemId}:ui:${fence.start}`);
    if (!compiled && block?.source !== fenceSource(prose, fence)) pending = true;
    // An unseen fence draws as a block arriving; once compiled, a fence without a block (past budgets) stays text.
    return block !== undefined || !compiled;
  });
  return { parts: splitAtFences(parts, prose, fences, itemId), blocks, compiled, pending };
}

function fenceSource(prose: string, fence: UiFence): string {
  const source = prose.slice(fence.contentStart, fence.contentEnd);
  return fence.closed ? source.replace(/\r?\n$/, "") : source;
}

function splitAtFences(parts: readonly Part[], prose: string, fences: readonly UiFence[], itemId: string): Part[] {
  const drawn: Part[] = [];
  let offset = 0;
  for (const part of parts) {
    if (part.kind !== "text") {
      drawn.push(part);
      continue;
    }
    const end = offset + part.text.length;
    let at = offset;
    for (const fence of fences) {
      if (fence.start < offset || fence.start >= end) continue;
      if (fence.start > at) drawn.push({ kind: "text", text: prose.slice(at, fence.start) });
      drawn.push({ kind: "block", blockId: `${itemId}:ui:${fence.start}` });
      at = Math.min(fence.end, end);
    }
    if (at < end) drawn.push({ kind: "text", text: prose.slice(at, end) });
    offset = end;
  }
  return drawn;
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
