import { describe, expect, it } from "vitest";
import { fenced, ROOMY_LIMITS, ROOMY_REPLY_LIMITS, statsBlock } from "./fixtures";
import { compileUi, compileUiBlock, evaluateUiBlock, resolveUiChoice, UiState, UI_LIMITS } from "./index";

const EXPLOSIVE = `$l = [${Array.from({ length: 40 }, (_, i) => i).join(", ")}]
<Each items={$l} as="a"><Each items={$l} as="b"><Each items={$l} as="c">
  <Tag>{@Join(@Filter($l, x, x > a + b + c))}</Tag>
</Each></Each></Each>
<Choices><Choice>Go</Choice></Choices>`;

/** The best of a few runs: the first ones pay for the engine warming up, not for the block. */
function fastest(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 6; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe("budgets", () => {
  it("turns a block that would explode through Each and helpers into its text within 30 ms", () => {
    let diagnostics: string[] = [];
    const elapsed = fastest(() => {
      const block = compileUiBlock(EXPLOSIVE, { id: "b" });
      diagnostics = block.diagnostics.map((d) => d.code);
      expect(block.nodes).toEqual([]);
      expect(block.fallback).toBe(EXPLOSIVE);
    });
    expect(diagnostics).toEqual(["budget_exceeded"]);
    expect(elapsed).toBeLessThan(UI_LIMITS.milliseconds);
  });

  it("answers budget_exceeded when a state makes evaluation explode", () => {
    const source = `$n = []
$l = [${Array.from({ length: 60 }, (_, i) => i).join(", ")}]
<Checklist value={$n}><Item value={1}>1</Item><Item value={2}>2</Item></Checklist>
<Show when={@Count($n) > 1}><Each items={$l} as="a"><Each items={$l} as="b"><Tag>{a}{b}</Tag></Each></Each></Show>
<Choices><Choice>Go</Choice></Choices>`;
    const block = compileUiBlock(source, { id: "b", limits: ROOMY_LIMITS });
    expect(block.diagnostics).toEqual([]);
    const state = new UiState(block);
    state.set("$n", [1, 2]);
    expect(evaluateUiBlock(block, state).diagnostics.map((d) => d.code)).toEqual(["budget_exceeded"]);
    const choice = evaluateUiBlock(block, new UiState(block)).nodes.find((n) => n.type === "Choices")?.children[0]?.id as string;
    expect(resolveUiChoice(block, choice, { $n: [1] }, {}, ROOMY_LIMITS).label).toBe("Go");
    expect(() => resolveUiChoice(block, choice, { $n: [1, 2] })).toThrow(expect.objectContaining({ code: "budget_exceeded" }));
  });

  it("cuts a block over its character limit to text with one budget_exceeded", () => {
    const source = `<Tag>${"x".repeat(70_000)}</Tag>`;
    const block = compileUiBlock(source, { id: "b" });
    expect(block.diagnostics.map((d) => d.code)).toEqual(["budget_exceeded"]);
    expect(block.fallback).toHaveLength(UI_LIMITS.characters);
    expect(block).toMatchObject({ nodes: [], variables: {}, queries: {} });
  });

  it("enforces depth and node limits", () => {
    expect(compileUiBlock("<Summary>".repeat(40), { id: "b", final: false }).diagnostics.map((d) => d.code)).toEqual(["budget_exceeded"]);
    expect(compileUiBlock(statsBlock(20), { id: "b", limits: { ...ROOMY_LIMITS, nodes: 10 } }).diagnostics.map((d) => d.code)).toEqual(["budget_exceeded"]);
  });

  it("refuses limits that are not positive safe integers", () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Infinity, "5"]) {
      expect(() => compileUiBlock("<Tag/>", { id: "b", limits: { steps: bad as number } })).toThrow(expect.objectContaining({ code: "invalid_limits" }));
    }
  });

  it("refuses the block past the reply budgets and leaves later fences as text", () => {
    const reply = Array.from({ length: 20 }, (_, i) => fenced(`<Tag>${i}</Tag>`, "", "\n")).join("");
    const blocks = compileUi(reply, { id: "r", final: true, limits: ROOMY_LIMITS, replyLimits: ROOMY_REPLY_LIMITS });
    expect(blocks).toHaveLength(17);
    expect(blocks[16]?.diagnostics.map((d) => d.code)).toEqual(["budget_exceeded"]);
    const nodes = compileUi(fenced(statsBlock(300)) + fenced(statsBlock(300)), { id: "r", final: true, limits: ROOMY_LIMITS, replyLimits: { ...ROOMY_REPLY_LIMITS, nodes: 400 } });
    expect(nodes.map((block) => block.diagnostics.length)).toEqual([0, 1]);
  });
});
