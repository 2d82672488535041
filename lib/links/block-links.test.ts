import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileUiBlock, UiState, type UiBlock } from "@/lib/intelligent-ui";
import { OVER_LINK_LIMIT, resolveBlockLinks } from "./block-links";
import { frozenLinks } from "./freeze";

const repository = { url: "https://github.com/acme/shop", ref: "main" };
const compile = (source: string): UiBlock =>
  compileUiBlock(source, { id: "b", final: true, limits: { milliseconds: 10_000 } });

describe("resolveBlockLinks", () => {
  it("resolves the links a block draws in its state, by view node id, with the props they came from", () => {
    const block = compile(`$file = "a.ts"
<Segmented value={$file}><Option value="a.ts">A</Option><Option value="b.ts">B</Option></Segmented>
<File path={$file} line={2}/>
<Node id="web-1"/>`);
    const state = new UiState(block);
    const [file, node] = Object.entries(resolveBlockLinks(block, state, repository));
    expect(file).toEqual([
      expect.stringMatching(/^b:/),
      {
        type: "File",
        props: { path: "a.ts", line: 2 },
        href: "https://github.com/acme/shop/blob/main/a.ts#L2",
      },
    ]);
    expect(node?.[1]).toMatchObject({ type: "Node", props: { id: "web-1" }, href: null });
    state.assign("file", "b.ts");
    expect(Object.values(resolveBlockLinks(block, state, repository))[0]?.href).toBe(
      "https://github.com/acme/shop/blob/main/b.ts#L2",
    );
  });

  it("gives each iteration of an Each its own link, and none to a link a false Show hides", () => {
    const block = compile(`<Each items={["a.ts", "b.ts"]} as="path"><Diff path={path}/></Each>
<Show when={false}><Commit sha="abcdef1"/></Show>`);
    const links = resolveBlockLinks(block, new UiState(block), repository);
    expect(Object.values(links).map((link) => link.href)).toEqual([
      "https://github.com/acme/shop/commits/main/a.ts",
      "https://github.com/acme/shop/commits/main/b.ts",
    ]);
    expect(new Set(Object.keys(links)).size).toBe(2);
  });

  it("resolves at most 64 links a block; the rest stay chips that say why", () => {
    const block = compile(
      `<Each items={[${Array.from({ length: 70 }, (_, i) => i + 1).join(", ")}]} as="n"><File path="a.ts" line={n}/></Each>`,
    );
    const links = Object.values(resolveBlockLinks(block, new UiState(block), repository));
    expect(links).toHaveLength(70);
    expect(links.filter((link) => link.href !== null)).toHaveLength(64);
    expect(links[63]?.href).toBe("https://github.com/acme/shop/blob/main/a.ts#L64");
    expect(
      links.slice(64).every((link) => link.href === null && link.reason === OVER_LINK_LIMIT),
    ).toBe(true);
  });
});

describe("frozenLinks", () => {
  it("freezes a reply's links by block, drawing live ones with the fresh first readings", () => {
    const live = compileUiBlock(
      `$runs = @Query("ci.runs", {branch: "main"})\n<File path={$runs.path}/>`,
      {
        id: "live",
        final: true,
        querySchemas: { "ci.runs": z.unknown() },
        limits: { milliseconds: 10_000 },
      },
    );
    const plain = compile(`<Summary>No links</Summary>`);
    const frozen = frozenLinks(
      [live, plain],
      [
        {
          blockId: "live",
          query: "$runs",
          outcome: { state: "fresh", value: { path: "ci/main.yml" } },
        },
      ],
    );
    expect(Object.keys(frozen)).toEqual(["live"]);
    expect(Object.values(frozen.live ?? {})[0]).toMatchObject({
      type: "File",
      props: { path: "ci/main.yml" },
      href: expect.stringMatching(/\/blob\/HEAD\/ci\/main\.yml$/),
    });
  });

  it("never throws for a reading the block does not declare: that block's links are drawn without it", () => {
    const block = compile(`<File path="a.ts"/>`);
    const frozen = frozenLinks(
      [block],
      [{ blockId: "b", query: "$gone", outcome: { state: "fresh", value: 1 } }],
    );
    expect(Object.values(frozen.b ?? {}).map((link) => link.href)).toEqual([
      expect.stringMatching(/\/blob\/HEAD\/a\.ts$/),
    ]);
  });
});
