import { describe, expect, it } from "vitest";
import { previewText } from "./plain-text";

describe("previewText", () => {
  it("reads a reply's Markdown as one plain line", () => {
    const reply = [
      "## The lighthouse keeper's ledger",
      "",
      "> A **quiet** night.",
      "",
      "- one [item](https://example.com)",
      "2. `two`",
      "",
      "| a | b |",
      "| --- | --- |",
      "| 1 | 2 |",
      "```ts",
      "const x = 1;",
      "```",
    ].join("\n");
    expect(previewText(reply, 200)).toBe(
      "The lighthouse keeper's ledger A quiet night. one item two a b 1 2 const x = 1;",
    );
  });

  it("cuts a long message between characters, with an ellipsis", () => {
    expect(previewText("word ".repeat(50), 12)).toBe("word word w…");
    expect(previewText("🚀".repeat(20), 5)).toBe("🚀🚀🚀🚀…");
    expect(previewText("short", 12)).toBe("short");
  });
});
