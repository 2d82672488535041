import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  compileUiBlock,
  evaluateUiBlock,
  UI_CATALOG,
  UiState,
  uiInputValues,
  type UiBlock,
  type UiDiagnosticCode,
  type UiViewNode,
} from "@/lib/intelligent-ui";
import { GALLERY_BLOCK } from "@/scripts/test/block-gallery";
import { RENDERERS } from "./registry";
import { describeUiDiagnostic, UiBlockView, type UiBlockViewProps } from "./ui-block-view";

// Markup drawn here stands for the page after hydration unless a test says otherwise.
const page = vi.hoisted(() => ({ hydrated: true }));
vi.mock("@/components/ui/use-hydrated", () => ({ useHydrated: () => page.hydrated }));
afterEach(() => {
  page.hydrated = true;
});

const LIMITS = { milliseconds: 10_000 };
const AT = "2024-05-01T10:00:00.000Z";

function compile(source: string, id = "b"): UiBlock {
  return compileUiBlock(source, { id, final: true, limits: LIMITS });
}

function draw(block: UiBlock, props: Partial<UiBlockViewProps> = {}): string {
  return renderToStaticMarkup(
    <UiBlockView
      block={block}
      answer={null}
      closedReason={null}
      onChoose={async () => ({ ok: true })}
      renderTime={(iso) => <time dateTime={iso}>{`at ${iso}`}</time>}
      {...props}
    />,
  );
}

/** The opening tags of one element name, as written in the markup. */
function tags(html: string, name: string): string[] {
  return html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];
}

const disabled = (tag: string | undefined) => / disabled=""/.test(tag ?? "");
const checked = (tag: string | undefined) => / checked=""/.test(tag ?? "");
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

function visit(nodes: readonly UiViewNode[], found: UiViewNode[] = []): UiViewNode[] {
  for (const node of nodes) {
    found.push(node);
    visit(node.children, found);
  }
  return found;
}

const gallery = compile(GALLERY_BLOCK, "gallery");

// Inline Markdown the page was not given drawn loads its parser on first use; until then a text
// run reads as written. These tests draw with it loaded.
beforeAll(async () => {
  expect(draw(compile(`<Callout tone="info">A **first** run</Callout>`))).toContain(
    "A **first** run",
  );
  await vi.dynamicImportSettled();
  expect(draw(compile(`<Callout tone="info">A **first** run</Callout>`))).toContain(
    "A <strong>first</strong> run",
  );
});

describe("the renderer registry", () => {
  it("draws every catalog component and text runs", () => {
    const missing = Object.keys(UI_CATALOG).filter((name) => !RENDERERS.has(name));
    expect(missing).toEqual([]);
    expect(RENDERERS.has("text")).toBe(true);
    expect(Object.keys(UI_CATALOG)).toHaveLength(36);
  });

  it("finds nothing for names on Object.prototype", () => {
    expect(RENDERERS.has("constructor")).toBe(false);
  });
});

describe("UiBlockView", () => {
  it("draws a gallery of every component without an error node", async () => {
    const used = new Set(
      visit(evaluateUiBlock(gallery, new UiState(gallery), LIMITS).nodes).map((node) => node.type),
    );
    expect(Object.keys(UI_CATALOG).filter((name) => !used.has(name))).toEqual([]);
    // The Chart's code loads on demand: the first drawing holds its place and starts the load.
    expect(draw(gallery)).toContain('<div aria-hidden="true" class="aspect-[5/2]');
    await vi.dynamicImportSettled();
    const html = draw(gallery);
    expect(html).not.toContain("data-error");
    // Named by its Summary as it reads, its Markdown marks dropped.
    expect(html).toContain(
      '<section aria-label="Release checklist for staging, interactive block"',
    );
    expect(html).toContain("<em>checklist</em>");
    for (const part of [
      'role="tablist"',
      'role="tabpanel"',
      "<details",
      'role="switch"',
      'type="range"',
      'role="progressbar"',
      "<svg",
      "<table",
      "<pre",
    ]) {
      expect(html).toContain(part);
    }
    expect(html).toContain("1.2 s");
    expect(html).toContain("2 MB");
    expect(html).toContain(`at ${"2024-05-01T10:00:00.000Z"}`);
    expect(html).toContain("Image: The failing page");
    expect(tags(html, "img")).toEqual([]);
  });

  it("draws Segmented as native radios in a labelled fieldset, the current value checked", () => {
    const html = draw(gallery);
    const radios = tags(html, "input").filter((tag) => tag.includes('type="radio"'));
    expect(radios).toHaveLength(2);
    expect(new Set(radios.map((tag) => /name="([^"]+)"/.exec(tag)?.[1])).size).toBe(1);
    expect(radios.filter(checked)).toEqual([expect.stringContaining('value="staging"')]);
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Pick one<\/legend>/);
  });

  it("draws a Choice as a native button named by its label, the primary one first", () => {
    const html = draw(gallery);
    const choices = /role="group" aria-label="Choices"[^>]*>(.*?)<\/div>/.exec(html)?.[1] ?? "";
    const labels = [...choices.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((match) => match[1]);
    expect(labels).toEqual(["Release staging", "Hold", "Skip review"]);
    expect(tags(choices, "button").map(disabled)).toEqual([false, false, true]);
  });

  it("reads text as inline Markdown only", () => {
    const html = draw(
      compile(
        `<Callout tone="info">1. Install **now** # 3 ![shot](https://example.com/a.png)</Callout>`,
      ),
    );
    expect(html).toContain(
      '1. Install <strong>now</strong> # 3 !<a href="https://example.com/a.png"',
    );
    expect(tags(html, "img")).toEqual([]);
    expect(tags(html, "ol")).toEqual([]);
  });

  it("keeps links in text safe and draws only web links", () => {
    const html = draw(
      compile(
        `<Callout tone="info">See [docs](https://example.com) and [bad](javascript:alert(1)).</Callout>`,
      ),
    );
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow"',
    );
    expect(html).not.toContain("javascript:");
    expect(draw(gallery)).toContain(
      '<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer"',
    );
  });

  it("draws an error node as its fallback with a human reason while its neighbours draw", () => {
    const html = draw(
      compile(
        `<Summary>Fine</Summary>\n<Bogus>Hello there</Bogus>\n<Callout tone="info">Still here</Callout>`,
      ),
    );
    expect(html).toContain("Fine");
    expect(html).toContain("Still here");
    expect(html).toMatch(
      /data-error="unknown_component"[^>]*>.*Hello there.*This block uses a component this app does not know\./,
    );
    expect(html).toContain("Some of this block could not be drawn");
  });

  it("says per problem what happened and what to do next, with the codes only under Details", () => {
    const html = draw(compile(`<Bogus>One</Bogus>\n<Bogus>Two</Bogus>\n<Summary>Fine</Summary>`));
    expect(html).toContain(
      "<li>This block uses a component this app does not know (in 2 places). Ask the agent to write this block again.</li>",
    );
    const [outside = "", details = ""] = html.split("<details");
    expect(outside.replaceAll('data-error="unknown_component"', "")).not.toContain(
      "unknown_component",
    );
    expect(details).toMatch(
      /<summary[^>]*>Details<\/summary>.*<code[^>]*>unknown_component<\/code>: /,
    );
  });

  it("draws a block of another catalog version as muted fallbacks", () => {
    const html = draw({ ...compile(`<Summary>Current</Summary>`), catalogVersion: 999 });
    expect(html).toContain("Current");
    expect(html).toContain(escaped(describeUiDiagnostic("unknown_catalog")));
    expect(html).not.toContain("<button");
  });

  it("draws a damaged stored block as its fallback text", () => {
    const damaged = {
      ...compile(`<Summary>Readable</Summary>`),
      nodes: "garbage",
      diagnostics: null,
    } as unknown as UiBlock;
    const html = draw(damaged);
    expect(html).toContain("Readable");
    expect(html).toContain("Some of this block could not be drawn");
  });

  it("closes Choices with the reason given, leaving inputs open", () => {
    const html = draw(gallery, { closedReason: "Choices open when the reply finishes." });
    expect(html).toMatch(/role="status"[^>]*>Choices open when the reply finishes\./);
    const choices = /aria-label="Choices"[^>]*>(.*?)<\/div>/.exec(html)?.[1] ?? "";
    expect(tags(choices, "button").every(disabled)).toBe(true);
    expect(tags(html, "input").some((tag) => !disabled(tag))).toBe(true);
  });

  it("keeps every control inert while the block streams, its tag closed or not", () => {
    const streaming = compileUiBlock(
      `$on = false\n<Switch value={$on}>Notify</Switch>\n<Switch value={$on}>Later`,
      { id: "s", final: false, limits: LIMITS },
    );
    const switches = tags(draw(streaming), "button");
    expect(switches.map(disabled)).toEqual([true, true]);
    const html = draw(
      compileUiBlock(`<Choices><Choice>Go</Choice>`, { id: "c", final: false, limits: LIMITS }),
    );
    expect(tags(html, "button").every(disabled)).toBe(true);
    expect(html).toContain("Choices open when the block is finished.");
  });

  it("draws every control disabled until the page is hydrated, so no click falls on a dead control", () => {
    page.hydrated = false;
    const html = draw(gallery);
    // Tabs only change what is shown; every control that sets a value or answers waits.
    const controls = [...tags(html, "button"), ...tags(html, "input")].filter(
      (tag) => !tag.includes('role="tab"'),
    );
    expect(controls.length).toBeGreaterThan(5);
    expect(controls.filter((tag) => !disabled(tag))).toEqual([]);
    page.hydrated = true;
    expect(
      [...tags(draw(gallery), "button"), ...tags(draw(gallery), "input")].filter(
        (tag) => !disabled(tag),
      ).length,
    ).toBeGreaterThan(0);
  });

  it("draws an answered block closed, with the answer's values, label and time", () => {
    const state = new UiState(gallery);
    const nodes = visit(evaluateUiBlock(gallery, state, LIMITS).nodes);
    expect(nodes.find((node) => node.type === "Segmented")?.change?.("production")).toBe(true);
    const values = uiInputValues(gallery, state);
    const choiceId =
      nodes.find((node) => node.type === "Choice" && node.props.primary === true)?.id ?? "";
    const html = draw(gallery, {
      answer: { choiceId, label: "Release production", values, at: AT, queued: true },
    });
    const inputs = tags(html, "input");
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.every(disabled)).toBe(true);
    expect(
      tags(html, "button")
        .filter((tag) => !tag.includes('role="tab"'))
        .every(disabled),
    ).toBe(true);
    expect(checked(inputs.find((tag) => tag.includes('value="production"')))).toBe(true);
    expect(html).toMatch(
      /role="status"[^>]*>Answered: Release production · <time dateTime="2024-05-01T10:00:00.000Z">at 2024-05-01T10:00:00.000Z<\/time> · queued/,
    );
    expect(html).toMatch(/aria-pressed="true"[^>]*>Release production/);
  });

  it("describes every diagnostic code in a sentence, never the code itself", () => {
    const codes: UiDiagnosticCode[] = [
      "unknown_component",
      "budget_exceeded",
      "refused_access",
      "invalid_props",
      "unknown_catalog",
    ];
    for (const code of codes) {
      expect(describeUiDiagnostic(code)).toMatch(/^[A-Z].*\.$/);
      expect(describeUiDiagnostic(code)).not.toContain(code);
    }
    expect(describeUiDiagnostic("something_new")).toBe("Part of this block could not be drawn.");
  });
});
