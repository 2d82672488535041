import { describe, expect, it } from "vitest";
import { MARKDOWN_SAMPLE } from "@/scripts/test/markdown-sample";
import { splitBlocks, type MarkdownBlocks } from "./markdown-blocks";

const REPLY = MARKDOWN_SAMPLE;

/** Feeds `text` in pieces of `size` characters, as a stream would, keeping every step. */
function streamed(text: string, size: number) {
  const steps: MarkdownBlocks[] = [];
  for (let end = size; end < text.length + size; end += size)
    steps.push(splitBlocks(text.slice(0, end), steps.at(-1)));
  return steps;
}

const joined = (blocks: MarkdownBlocks) => blocks.done.join("") + blocks.tail;

describe("splitBlocks", () => {
  it("cuts a text into its top-level blocks, which join back into the text", () => {
    const blocks = splitBlocks(REPLY);
    expect(blocks.done.map((block) => block.split("\n")[0])).toEqual([
      "## A heading",
      "A paragraph that runs",
      "- one",
      "| a | b |",
      "```ts",
    ]);
    expect(blocks.tail).toBe("The end.");
    expect(joined(blocks)).toBe(REPLY);
  });

  it.each([1, 3, 17])(
    "fed %i characters at a time, ends with the blocks of the whole text and never changes a finished block",
    (size) => {
      const steps = streamed(REPLY, size);
      expect(steps.at(-1)).toEqual(splitBlocks(REPLY));
      for (const [index, step] of steps.entries()) {
        expect(joined(step)).toBe(step.text);
        const before = steps[index - 1];
        if (before === undefined) continue;
        expect(step.done.slice(0, before.done.length)).toEqual(before.done);
        // No new finished block: the very same list, so memoised blocks see equal props.
        if (step.done.length === before.done.length) expect(step.done).toBe(before.done);
      }
    },
  );

  it("parses only the previous tail and the new text: the blocks before it are taken as they were", () => {
    // Blocks the parser would never make from this text show that the text before the tail was not read again.
    const previous: MarkdownBlocks = {
      text: "# A\n\nB",
      done: ["# A\n\n"],
      tail: "B",
      whole: false,
    };
    const marked = { ...previous, done: ["(kept)"] };
    expect(splitBlocks("# A\n\nBee\n\nC", marked)).toEqual({
      text: "# A\n\nBee\n\nC",
      done: ["(kept)", "Bee\n\n"],
      tail: "C",
      whole: false,
    });
    expect(splitBlocks("# A\n\nBee\n\nC", previous).done).toEqual(
      splitBlocks("# A\n\nBee\n\nC").done,
    );
  });

  it("keeps a text with a link or footnote definition whole, since a reference may sit in any block", () => {
    const text = "See [the docs][d].\n\nMore text.\n\n[d]: https://example.com\n";
    expect(splitBlocks(text)).toEqual({ text, done: [], tail: text, whole: true });
    const steps = streamed(`${text}\nAnd a footnote[^1].\n\n[^1]: Here.`, 5);
    expect(steps.at(-1)).toMatchObject({ done: [], whole: true });
  });

  it("cuts a text afresh when it does not extend the one before (an edit, a new version)", () => {
    const before = splitBlocks("# One\n\nTwo");
    expect(splitBlocks("# Uno\n\nDos", before)).toEqual(splitBlocks("# Uno\n\nDos"));
  });
});
