import { describe, expect, it } from "vitest";
import {
  compileUi,
  compileUiBlock,
  describeUiCatalog,
  UI_CATALOG,
  UI_CATALOG_VERSION,
  uiFallbackText,
  uiHasFence,
} from "./index";
import { ROOMY_LIMITS } from "../../scripts/test/block-fixtures";

describe("catalog", () => {
  it("has the 36 components of version 1 with strict schemas", () => {
    expect(UI_CATALOG_VERSION).toBe(1);
    expect(Object.keys(UI_CATALOG)).toHaveLength(36);
    expect(UI_CATALOG.Tag?.schema.safeParse({ tone: "info", extra: 1 }).success).toBe(false);
  });

  it("describes itself for an agent, one line per component, and compactly", () => {
    const lines = describeUiCatalog().split("\n");
    expect(lines).toHaveLength(36);
    expect(lines).toContain(
      "Slider(value, min, max, step?, unit?): A number between min and max. (binds value)",
    );
    expect(describeUiCatalog({ compact: true }).split("\n")).toContain(
      "Slider: value,min,max,step?,unit?",
    );
  });
});

describe("fallback text", () => {
  const compile = (source: string) =>
    compileUiBlock(source, { id: "b", limits: ROOMY_LIMITS }).fallback;

  it("follows the per-component rules", () => {
    expect(compile('<Stats><Stat label="Runs" value={3} unit="ms"/></Stats>')).toBe("Runs: 3 ms");
    expect(compile('<Sources><Source title="Docs" url="https://x.dev"/></Sources>')).toBe(
      "Docs: https://x.dev",
    );
    expect(compile('<Table rows={[{a: 1}]}><Column key="a"/></Table>')).toBe('[{"a":1}]');
    expect(compile('<Image attachment="a.png" alt="Chart"/>')).toBe("[Image: Chart]");
    expect(compile('<Choices><Choice context="Fix links, preload">Fix 2</Choice></Choices>')).toBe(
      "Fix 2\nFix links, preload",
    );
    expect(compile('<File path="a.ts">here</File>')).toBe("a.ts here");
    expect(compile("<Tag>a</Tag><Tag>b</Tag>")).toBe("ab");
    expect(compile("$a = {}\n<Summary>x{$a.b}</Summary>")).toBe("x");
    expect(compile("<Progress value={1}/>")).toBe("<Progress value={1}/>");
    expect(compile("$on = false\n<Show when={$on}><Tag>hidden</Tag></Show>")).toBe(
      "$on = false\n<Show when={$on}><Tag>hidden</Tag></Show>",
    );
  });

  it("replaces each fence with its block's fallback", () => {
    const text = "Before\n```ui\n<Summary>Readable</Summary>\n```\nAfter";
    expect(uiFallbackText(text, compileUi(text, { final: true, limits: ROOMY_LIMITS }))).toBe(
      "Before\nReadable\nAfter",
    );
  });

  it("detects fences cheaply", () => {
    expect(uiHasFence("no block here ``` just code")).toBe(false);
    expect(uiHasFence("x\n ```ui \n")).toBe(true);
    expect(uiHasFence("x\n~~~~ui\n", "ui")).toBe(true);
    expect(uiHasFence("x\n```ui\n", "intelligent")).toBe(false);
  });
});
