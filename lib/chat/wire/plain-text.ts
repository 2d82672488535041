/** Inline Markdown as it reads: its marks dropped, a link's text kept. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*`~]+|(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

// What starts a line of Markdown without being read: a heading's hashes, a quote's mark, a list's
// bullet or number, a table's bars.
const LINE_MARKS = /^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)/;
const FENCE = /^\s{0,3}(?:```|~~~)/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}/;

/**
 * A message as one line of plain text, at most `max` characters (cut between characters, never
 * inside a surrogate pair, with an ellipsis): what a list shows of it.
 */
export function previewText(markdown: string, max: number): string {
  const lines = markdown
    .split("\n")
    .filter((line) => !FENCE.test(line) && !TABLE_RULE.test(line))
    .map((line) => line.replace(LINE_MARKS, "").replace(/\|/g, " "));
  const text = plainText(lines.join(" "));
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max - 1).join("")}…` : text;
}
