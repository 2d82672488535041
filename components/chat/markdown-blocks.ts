import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

/**
 * A reply's Markdown cut into top-level blocks. `done` blocks are complete: once a later block
 * has started, more text cannot change them. `tail` is the last block, still growing while a
 * reply streams. `whole` means the text is not cut at all (see `splitBlocks`).
 */
export type MarkdownBlocks = {
  readonly text: string;
  readonly done: readonly string[];
  readonly tail: string;
  readonly whole: boolean;
};

type Node = { type: string; children?: Node[]; position?: { start: { offset?: number } } };

const parser = unified().use(remarkParse).use(remarkGfm);
const DEFINITIONS = new Set(["definition", "footnoteDefinition"]);

/** A definition serves references anywhere in the text, so blocks drawn apart would lose it. */
function hasDefinition(node: Node): boolean {
  return DEFINITIONS.has(node.type) || (node.children ?? []).some(hasDefinition);
}

/**
 * Cuts `text` into blocks, parsing only what is new: when `text` extends `previous`, only the
 * previous tail and the new text are parsed, and earlier blocks are kept as they were (the same
 * strings, so a memoised block is not drawn again). Text with a link or footnote definition stays
 * one block, as its references may sit in any block.
 */
export function splitBlocks(text: string, previous?: MarkdownBlocks): MarkdownBlocks {
  const grows = previous !== undefined && text.startsWith(previous.text);
  if (grows && previous.whole) return { text, done: [], tail: text, whole: true };
  const done = grows ? [...previous.done] : [];
  const tail = grows ? text.slice(previous.text.length - previous.tail.length) : text;
  const tree = parser.parse(tail) as Node;
  if (hasDefinition(tree)) return { text, done: [], tail: text, whole: true };
  const starts = (tree.children ?? []).map((child) => child.position?.start.offset ?? 0);
  // The first block keeps any blank lines before it; each block ends where the next begins.
  let from = 0;
  for (const start of starts.slice(1)) {
    done.push(tail.slice(from, start));
    from = start;
  }
  // Nothing new was cut off: hand back the same list, so the blocks before the tail stay equal.
  const blocks = grows && done.length === previous.done.length ? previous.done : done;
  return { text, done: blocks, tail: tail.slice(from), whole: false };
}
