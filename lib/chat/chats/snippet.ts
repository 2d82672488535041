import "server-only";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import * as z from "zod/mini";
import type { Part, SnippetPiece } from "../wire";
import { casePieceWords, textWords, type SearchTerm, type Word } from "./search-words";

// A search result's snippet: the text its item draws, as plain text (no Markdown, a block as its
// text fallback, a ChoiceList as its prompt and options), and a window of it around the first
// match that never cuts a match or a word, with an ellipsis where the text goes on.

/** About this many characters of a snippet; one match longer than this is shown whole. */
export const SNIPPET_LENGTH = 120;
// Of the room around the first match, the share shown before it.
const BEFORE_SHARE = 0.3;

type MarkdownNode = {
  type: string;
  value?: string;
  alt?: string | null;
  children?: MarkdownNode[];
};

const parser = unified().use(remarkParse).use(remarkGfm);
// Nodes whose children are blocks of their own, kept apart by a line break.
const BLOCK_CONTAINERS = new Set(["root", "blockquote", "list", "listItem", "table", "tableRow"]);
// Drawn as nothing: raw HTML is not drawn, a definition only serves its references.
const UNDRAWN = new Set(["html", "definition", "footnoteReference"]);

function nodeText(node: MarkdownNode): string {
  if (UNDRAWN.has(node.type)) return "";
  if (node.type === "image" || node.type === "imageReference") return node.alt ?? "";
  if (node.type === "break") return "\n";
  if (node.value !== undefined) return node.value;
  const children = (node.children ?? []).map(nodeText);
  if (!BLOCK_CONTAINERS.has(node.type)) return children.join("");
  return children.filter((child) => child !== "").join("\n");
}

/** Markdown as the words a reader sees: emphasis and code marks gone, a link as its text. */
export function markdownText(markdown: string): string {
  return nodeText(parser.parse(markdown) as MarkdownNode);
}

// Read loosely: a frame's props were checked when it was stored, and a snippet only needs its words.
const frameWordsSchema = z.object({
  prompt: z.optional(z.string()),
  choices: z.optional(
    z.array(z.object({ label: z.optional(z.string()), description: z.optional(z.string()) })),
  ),
});

export const snippetBlocksSchema = z.array(z.object({ id: z.string(), fallback: z.string() }));
export type SnippetBlock = z.infer<typeof snippetBlocksSchema>[number];

/** The text an item draws, part by part: what the database indexes for it (`item_search_text`). */
export function itemPlainText(parts: readonly Part[], blocks: readonly SnippetBlock[]): string {
  const pieces = parts.flatMap((part): (string | undefined)[] => {
    switch (part.kind) {
      case "text":
        return [markdownText(part.text)];
      case "component": {
        const frame = frameWordsSchema.safeParse(part.props);
        if (!frame.success) return [];
        const choices = frame.data.choices ?? [];
        return [
          frame.data.prompt,
          ...choices.map((choice) => choice.label),
          ...choices.map((choice) => choice.description),
        ];
      }
      case "fallback":
        return [
          part.componentKey !== undefined && part.summary !== undefined ? part.summary : part.text,
        ];
      case "block":
        return [blocks.find((block) => block.id === part.blockId)?.fallback];
      case "mcp-app":
        return [part.fallback];
      default:
        return [];
    }
  });
  return pieces.filter((piece) => piece !== undefined).join("\n");
}

type Range = { start: number; end: number };

/** Where `sequence` (the last word a prefix) stands in a row of `words`. */
function sequenceRanges(words: Word[], sequence: string[]): Range[] {
  const found: Range[] = [];
  const last = sequence.length - 1;
  for (let at = 0; at + last < words.length; at++) {
    const holds = sequence.every((wanted, index) => {
      const word = words[at + index]!.text;
      return index === last ? word.startsWith(wanted) : word === wanted;
    });
    if (holds) found.push({ start: words[at]!.start, end: words[at + last]!.end });
  }
  return found;
}

/** Every place a term matches, as the index matched it: the words as written or cut at case changes. */
export function matchRanges(text: string, terms: SearchTerm[]): Range[] {
  const rows = [textWords(text), casePieceWords(text)];
  const ranges = terms
    .flatMap((term) =>
      term.flatMap((sequence) => rows.flatMap((row) => sequenceRanges(row, sequence))),
    )
    .sort((a, b) => a.start - b.start || b.end - a.end);
  // Overlapping matches are shown as one.
  const merged: Range[] = [];
  for (const range of ranges) {
    const previous = merged[merged.length - 1];
    if (previous && range.start <= previous.end) previous.end = Math.max(previous.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

const isSpace = (text: string, at: number) => at < 0 || at >= text.length || text[at] === " ";

// A word longer than this around a match (a long address, a hash) is cut at the match instead.
const LONG_WORD = SNIPPET_LENGTH / 2;

/** The window's start moved to a word's start, never past `limit` (the first match's start). */
function startOnWord(text: string, start: number, limit: number): number {
  if (isSpace(text, start - 1)) return start;
  const next = text.indexOf(" ", start);
  if (next !== -1 && next + 1 <= limit) return next + 1;
  const wordStart = text.lastIndexOf(" ", limit - 1) + 1;
  return limit - wordStart <= LONG_WORD ? wordStart : limit;
}

/** The window's end moved to a word's end, never before `limit` (a match's end). */
function endOnWord(text: string, end: number, limit: number): number {
  if (isSpace(text, end)) return end;
  const previous = text.lastIndexOf(" ", end);
  if (previous >= limit) return previous;
  const next = text.indexOf(" ", limit);
  const wordEnd = next === -1 ? text.length : next;
  return wordEnd - limit <= LONG_WORD ? wordEnd : limit;
}

/** The snippet of `drawn` (an item's plain text) for the terms: pieces, the matches flagged. */
export function snippetOf(drawn: string, terms: SearchTerm[]): SnippetPiece[] {
  const text = drawn.replace(/\s+/gu, " ").trim();
  const ranges = matchRanges(text, terms);
  const first = ranges[0] ?? { start: 0, end: 0 };
  const room = Math.max(0, SNIPPET_LENGTH - (first.end - first.start));
  let start = Math.max(0, first.start - Math.floor(room * BEFORE_SHARE));
  let end = Math.min(text.length, start + (first.end - first.start) + room);
  start = Math.max(0, Math.min(start, end - SNIPPET_LENGTH, first.start));
  start = startOnWord(text, start, first.start);
  end = endOnWord(text, end, first.end);
  // A match the end would cut is shown whole, with the rest of its word.
  for (const range of ranges) {
    if (range.start < end && range.end > end) end = endOnWord(text, range.end, range.end);
  }
  const shown = ranges.filter((range) => range.start >= start && range.end <= end);
  const pieces: SnippetPiece[] = [];
  let at = start;
  for (const range of shown) {
    if (range.start > at) pieces.push({ text: text.slice(at, range.start), match: false });
    pieces.push({ text: text.slice(range.start, range.end), match: true });
    at = range.end;
  }
  if (end > at) pieces.push({ text: text.slice(at, end), match: false });
  if (start > 0) pieces.unshift({ text: "… ", match: false });
  if (end < text.length) pieces.push({ text: " …", match: false });
  return mergePlain(pieces);
}

/** Neighbouring unmatched pieces as one. */
function mergePlain(pieces: SnippetPiece[]): SnippetPiece[] {
  const merged: SnippetPiece[] = [];
  for (const piece of pieces) {
    const previous = merged[merged.length - 1];
    if (previous && !previous.match && !piece.match) previous.text += piece.text;
    else merged.push({ ...piece });
  }
  return merged;
}
