import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { compileUiBlock } from "@/lib/intelligent-ui";
import { buildItemView } from "@/scripts/test/wire-fixtures";
import { drawFinishedText } from "./drawn-text";

vi.mock("server-only", () => ({}));

const block = compileUiBlock(
  `$on = false
<Switch value={$on}>Ship it</Switch>
<Callout tone="info">Read the **notes** first</Callout>
<Show when={$on}>
  <Callout tone="success">Shipped to [staging](https://example.com)</Callout>
</Show>`,
  { id: "b", final: true, limits: { milliseconds: 10_000 } },
);

const items = [
  buildItemView({
    id: "a",
    position: 0,
    role: "user",
    parts: [{ kind: "text", text: "Say **hi**" }],
  }),
  buildItemView({
    id: "b",
    position: 1,
    parts: [
      { kind: "text", text: "Here is `the list`." },
      { kind: "block", blockId: "b" },
    ],
    blocks: { b: block },
  }),
  buildItemView({
    id: "c",
    position: 2,
    status: "streaming",
    parts: [{ kind: "text", text: "Still **writing**" }],
  }),
];

const html = (pairs: readonly (readonly [string, React.ReactNode])[]) =>
  Object.fromEntries(pairs.map(([key, node]) => [key, renderToStaticMarkup(<>{node}</>)]));

describe("drawFinishedText", () => {
  const drawn = drawFinishedText(items);

  it("draws the text of every finished message, and none of a reply still streaming", () => {
    expect(html(drawn.text)).toEqual({
      "Say **hi**": "<p>Say <strong>hi</strong></p>",
      "Here is `the list`.": "<p>Here is <code>the list</code>.</p>",
    });
  });

  it("draws every text run of a block that holds markup, in every branch, in a block and in a label", () => {
    expect(Object.keys(html(drawn.inline))).toEqual([
      "Read the **notes** first",
      "Shipped to [staging](https://example.com)",
    ]);
    const inBlock = html(drawn.inline)["Shipped to [staging](https://example.com)"];
    expect(inBlock).toContain('<a href="https://example.com" target="_blank"');
    // In a label a link is its text: the label is the control.
    expect(html(drawn.inlineLabel)["Shipped to [staging](https://example.com)"]).toBe(
      "Shipped to staging",
    );
  });
});
