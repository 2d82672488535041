// @vitest-environment happy-dom
import { act, useState } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refusal } from "@/lib/chat/wire/client-api";
import { compileUiBlock, UiState, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import { resolveBlockLinks } from "@/lib/links/block-links";
import type { BlockLinks } from "@/lib/links/resolve";
import type { LinkView } from "@/lib/links/resolve";
import { mountedRoot } from "@/scripts/test/react-root";
import { BlockLinkContext, type BlockLinkSource } from "./links";
import { UiBlockView } from "./ui-block-view";

const repository = { url: "https://github.com/acme/shop", ref: "main" };
const block: UiBlock = compileUiBlock(
  `$file = "a.ts"
<Segmented value={$file}><Option value="a.ts">A</Option><Option value="b.ts">B</Option></Segmented>
<File path={$file} line={3}/> <Node id="web-1"/>`,
  { id: "b", final: true, limits: { milliseconds: 10_000 } },
);
const frozen = resolveBlockLinks(block, new UiState(block), repository);
const [fileId] = Object.keys(frozen);

/** The block as a chat draws it: its links from `frozen`, asked for again through `resolve`. */
function Drawn({ links, resolve }: { links: BlockLinks; resolve: BlockLinkSource["resolve"] }) {
  const [values, setValues] = useState<Record<string, UiValue>>({});
  return (
    <BlockLinkContext value={{ frozen: links, values, resolve }}>
      <UiBlockView
        block={block}
        answer={null}
        closedReason={null}
        renderTime={(iso) => iso}
        onInputs={setValues}
      />
    </BlockLinkContext>
  );
}

const draw = (
  links: BlockLinks | null,
  resolve: BlockLinkSource["resolve"] = async () => ({ href: null }),
) =>
  renderToStaticMarkup(
    <BlockLinkContext value={links && { frozen: links, values: {}, resolve }}>
      <UiBlockView block={block} answer={null} closedReason={null} renderTime={(iso) => iso} />
    </BlockLinkContext>,
  );

describe("host links as drawn", () => {
  it("draws a frozen link as a link that opens in a new tab, without the opener", () => {
    expect(draw(frozen)).toContain(
      '<a href="https://github.com/acme/shop/blob/main/a.ts#L3" target="_blank" rel="noopener noreferrer"',
    );
  });

  it("keeps an unresolved link a chip whose reason is its tooltip and is read out", () => {
    const html = draw(frozen);
    expect(html).toMatch(
      /<span class="[^"]*" title="This host has no view of running nodes[^"]*">/,
    );
    expect(html).toContain('<span class="sr-only"> (This host has no view of running nodes');
    expect(draw(null)).toContain('title="Links open once the reply has finished."');
    expect(draw(null)).not.toContain("<a ");
  });

  it("keeps a link of a reply that did not finish as it first drew: changed, it says so instead of asking", () => {
    const moved = { [fileId!]: { ...frozen[fileId!]!, props: { path: "b.ts", line: 3 } } };
    expect(draw(moved, null)).toContain(
      'title="This reply did not finish: its links open only as it first drew them."',
    );
    expect(draw(frozen, null)).toContain(
      '<a href="https://github.com/acme/shop/blob/main/a.ts#L3"',
    );
  });

  it("never draws an address that is not http(s), whatever the links say", () => {
    expect(draw({ [fileId!]: { ...frozen[fileId!]!, href: "javascript:alert(1)" } })).not.toContain(
      "<a ",
    );
  });
});

describe("a link the block's values changed", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const { render, container } = mountedRoot();

  async function pick(label: string) {
    const input = [...container().querySelectorAll("label")]
      .find((candidate) => candidate.textContent === label)!
      .querySelector("input")!;
    await act(async () => input.click());
    // The value rests before its links are asked for.
    await act(async () => vi.advanceTimersByTimeAsync(300));
  }

  it("is asked for again with the block's values, only that link, and drawn as answered", async () => {
    const resolve = vi.fn(async (): Promise<LinkView> => ({
      href: "https://github.com/acme/shop/blob/main/b.ts#L3",
    }));
    await act(async () => render(<Drawn links={frozen} resolve={resolve} />));
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(resolve).not.toHaveBeenCalled();
    await pick("B");
    expect(resolve.mock.calls).toEqual([[fileId, { $file: "b.ts" }]]);
    expect(container().querySelector("a")?.getAttribute("href")).toBe(
      "https://github.com/acme/shop/blob/main/b.ts#L3",
    );
    // Back to the frozen value: the frozen link draws again, without asking.
    await pick("A");
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(container().querySelector("a")?.getAttribute("href")).toBe(
      "https://github.com/acme/shop/blob/main/a.ts#L3",
    );
  });

  it("says why, per refusal, when the server refuses it", async () => {
    const refused = await refusal({ code: "block-stale", message: "stale", status: 409 });
    const resolve = vi.fn(async (): Promise<LinkView> => {
      throw refused;
    });
    await act(async () => render(<Drawn links={frozen} resolve={resolve} />));
    await pick("B");
    expect(container().querySelector("a")).toBeNull();
    expect(container().querySelector("[title^='This block changed']")?.textContent).toContain(
      "b.ts:3",
    );
  });
});
