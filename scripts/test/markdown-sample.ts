/**
 * A reply holding one of each Markdown block the app draws: a heading, a paragraph over two lines,
 * a loose list, a GFM table, a fence with blank lines in it, and a last paragraph.
 */
export const MARKDOWN_SAMPLE = [
  "## A heading",
  "",
  "A paragraph that runs",
  "over two lines with **bold**, `code`, ~~strike~~ and a [link](https://example.com).",
  "",
  "- one",
  "",
  "- [x] two, a loose list",
  "",
  "| a | b |",
  "| - | - |",
  "| 1 | 2 |",
  "",
  "```ts",
  "const x = 1;",
  "",
  "",
  "const y = 2;",
  "```",
  "",
  "The end.",
].join("\n");
