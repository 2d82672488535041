import { describe, expect, it } from "vitest";
import { parseSearch } from "./search-words";
import { itemPlainText, markdownText, SNIPPET_LENGTH, snippetOf } from "./snippet";
import { deploymentViewPart } from "@/scripts/test/mcp-app-fixtures";

const pieces = (text: string, typed: string) => snippetOf(text, parseSearch(typed));
const shown = (text: string, typed: string) =>
  pieces(text, typed)
    .map((piece) => piece.text)
    .join("");
const marked = (text: string, typed: string) =>
  pieces(text, typed)
    .filter((piece) => piece.match)
    .map((piece) => piece.text);
const words = (count: number, name: string) =>
  Array.from({ length: count }, (_, index) => `${name}${index}`).join(" ");

describe("an item's text as a reader sees it", () => {
  it("strips Markdown: emphasis, code marks, links shown as their text, images as their alt", () => {
    expect(
      markdownText(
        "# Sent\n\nThe email went to **ada@example.com** (message `msg-1`), _see_ [the guide](https://example.org/g) ![a chart](c.png) <b>now</b>.\n\n[ref]: https://example.net",
      ),
    ).toBe("Sent\nThe email went to ada@example.com (message msg-1), see the guide a chart now.");
    expect(markdownText("- one\n- two\n\n| a | b |\n|---|---|\n| c | d |")).toBe(
      "one\ntwo\na\nb\nc\nd",
    );
  });

  it("draws a block as its text fallback, a ChoiceList as its prompt and options, an MCP App as its text", () => {
    const text = itemPlainText(
      [
        { kind: "text", text: "Here is the **plan**." },
        { kind: "block", blockId: "b1" },
        { kind: "block", blockId: "gone" },
        {
          kind: "component",
          instanceId: "pick",
          componentKey: "choice-list",
          props: {
            prompt: "Send the notes?",
            choices: [
              { id: "send", label: "Send to Ada", description: "Emails ada@example.com." },
              { id: "hold", label: "Hold", action: { name: "x", input: { secret: "hidden" } } },
            ],
          },
          fallback: { kind: "text", summary: "Not drawn" },
        },
        { kind: "fallback", text: "raw text", componentKey: "map", summary: "A map of the coast" },
        deploymentViewPart("Free deployment windows for checkout"),
      ],
      [{ id: "b1", fallback: "I watched the canary dashboards" }],
    );
    expect(text.split("\n")).toEqual([
      "Here is the plan.",
      "I watched the canary dashboards",
      "Send the notes?",
      "Send to Ada",
      "Hold",
      "Emails ada@example.com.",
      "A map of the coast",
      "Free deployment windows for checkout",
    ]);
  });
});

describe("a snippet", () => {
  it("is the whole text when it is short, the matches flagged", () => {
    expect(pieces("Mail ada@example.com, or Ada.", "ada")).toEqual([
      { text: "Mail ", match: false },
      { text: "ada", match: true },
      { text: "@example.com, or ", match: false },
      { text: "Ada", match: true },
      { text: ".", match: false },
    ]);
    expect(marked("Mail ada@example.com today", "ada@example.com")).toEqual(["ada@example.com"]);
    expect(marked("It reads camelCaseName", "CaseName")).toEqual(["CaseName"]);
  });

  it("is a window on whole words with ellipses, the first match inside it", () => {
    const text = `${words(60, "w")} the canary sang ${words(60, "v")}`;
    const snippet = shown(text, "canary");
    expect(snippet).toMatch(/^… w\d+ .* the canary sang .* v\d+ …$/);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 4);
    expect(marked(text, "canary")).toEqual(["canary"]);
    // No ellipsis where the text does not go on.
    expect(shown(`canary ${words(60, "v")}`, "canary")).toMatch(/^canary v0 .* …$/);
    expect(shown(`${words(60, "w")} canary`, "canary")).toMatch(/^… w\d+ .* canary$/);
  });

  it("never cuts a match: a long one is shown whole, one at the window's end is taken in", () => {
    const long = `https://example.com/${"a".repeat(150)}`;
    expect(pieces(`${words(20, "w")} ${long} ${words(20, "v")}`, long)).toEqual([
      { text: "… ", match: false },
      { text: long, match: true },
      { text: " …", match: false },
    ]);
    // A match past the window's end is left out whole, never cut.
    const past = `fox ${"x".repeat(SNIPPET_LENGTH - 8)} foxtrot ${words(20, "v")}`;
    expect(marked(past, "fox")).toEqual(["fox"]);
    expect(shown(past, "fox")).not.toContain("foxt");
    // "big cat" (matched by "big.cat") starts inside the window and ends past it: it is taken in.
    const across = `fox ${"x".repeat(SNIPPET_LENGTH - 11)} big cat ${words(20, "v")}`;
    expect(marked(across, "fox big.cat")).toEqual(["fox", "big cat"]);
    expect(shown(across, "fox big.cat")).toMatch(/ big cat …$/);
  });

  it("without a match found in the text, is its start", () => {
    expect(pieces(`${words(60, "w")}`, "zebra")).toEqual([
      { text: expect.stringMatching(/^w0 w1 .* w\d+ …$/), match: false },
    ]);
  });
});
