import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  fenced,
  RELEASE_BLOCK,
  ROOMY_LIMITS,
  ROOMY_REPLY_LIMITS,
  statsBlock,
  TRIAGE_BLOCK,
} from "../../scripts/test/block-fixtures";
import {
  compileStoredUi,
  compileUi,
  compileUiBlock,
  evaluateStoredUiBlock,
  evaluateUiBlock,
  resolveStoredUiChoice,
  resolveUiChoice,
  storedUiQueryArguments,
  storedUiValidatedState,
  uiQueryArguments,
  uiValidatedState,
  UiState,
  UI_LIMITS,
  type UiViewNode,
} from "./index";

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
    expect(evaluateUiBlock(block, state).diagnostics.map((d) => d.code)).toEqual([
      "budget_exceeded",
    ]);
    const choice = evaluateUiBlock(block, new UiState(block)).nodes.find(
      (n) => n.type === "Choices",
    )?.children[0]?.id as string;
    expect(resolveUiChoice(block, choice, { $n: [1] }, {}, ROOMY_LIMITS).label).toBe("Go");
    expect(() => resolveUiChoice(block, choice, { $n: [1, 2] })).toThrow(
      expect.objectContaining({ code: "budget_exceeded" }),
    );
  });

  it("cuts a block over its character limit to text with one budget_exceeded", () => {
    const source = `<Tag>${"x".repeat(70_000)}</Tag>`;
    const block = compileUiBlock(source, { id: "b" });
    expect(block.diagnostics.map((d) => d.code)).toEqual(["budget_exceeded"]);
    expect(block.fallback).toHaveLength(UI_LIMITS.characters);
    expect(block).toMatchObject({ nodes: [], variables: {}, queries: {} });
  });

  it("enforces depth and node limits", () => {
    expect(
      compileUiBlock("<Summary>".repeat(40), { id: "b", final: false }).diagnostics.map(
        (d) => d.code,
      ),
    ).toEqual(["budget_exceeded"]);
    expect(
      compileUiBlock(statsBlock(20), {
        id: "b",
        limits: { ...ROOMY_LIMITS, nodes: 10 },
      }).diagnostics.map((d) => d.code),
    ).toEqual(["budget_exceeded"]);
  });

  it("refuses limits that are not positive safe integers", () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Infinity, "5"]) {
      expect(() => compileUiBlock("<Tag/>", { id: "b", limits: { steps: bad as number } })).toThrow(
        expect.objectContaining({ code: "invalid_limits" }),
      );
    }
  });

  it("refuses the block past the reply budgets and leaves later fences as text", () => {
    const reply = Array.from({ length: 20 }, (_, i) => fenced(`<Tag>${i}</Tag>`, "", "\n")).join(
      "",
    );
    const blocks = compileUi(reply, {
      id: "r",
      final: true,
      limits: ROOMY_LIMITS,
      replyLimits: ROOMY_REPLY_LIMITS,
    });
    expect(blocks).toHaveLength(17);
    expect(blocks[16]?.diagnostics.map((d) => d.code)).toEqual(["budget_exceeded"]);
    const nodes = compileUi(fenced(statsBlock(300)) + fenced(statsBlock(300)), {
      id: "r",
      final: true,
      limits: ROOMY_LIMITS,
      replyLimits: { ...ROOMY_REPLY_LIMITS, nodes: 400 },
    });
    expect(nodes.map((block) => block.diagnostics.length)).toEqual([0, 1]);
  });
});

function flatten(nodes: readonly UiViewNode[]): UiViewNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

describe("drawing budget", () => {
  it("draws a partial view: what was drawn stays, the node that ran out is a budget_exceeded error node", () => {
    const many = Array.from({ length: 60 }, (_, i) => i).join(", ");
    const source = `$n = 1\n<Summary>Top</Summary>\n<Each items={[1, 2, 3]} as="a"><Tag>{a}</Tag></Each>\n<Show when={$n > 1}><Each items={[${many}]} as="b"><Tag>{b}</Tag></Each></Show>\n<Callout tone="info">After</Callout>`;
    const block = compileUiBlock(source, { id: "b", limits: ROOMY_LIMITS });
    expect(block.diagnostics).toEqual([]);
    const state = new UiState(block);
    state.set("$n", 2);
    const view = evaluateUiBlock(block, state, { ...ROOMY_LIMITS, iterations: 40 });
    expect(view.nodes.map((node) => [node.type, node.error])).toEqual([
      ["Summary", undefined],
      ["Each", undefined],
      ["Show", undefined],
    ]);
    expect(view.nodes[1]?.children.map((node) => node.fallback)).toEqual(["1", "2", "3"]);
    const inner = view.nodes[2]?.children[0];
    expect(inner).toMatchObject({
      type: "Each",
      error: "budget_exceeded",
      children: [],
      interactive: false,
    });
    expect(view.diagnostics.map((d) => [d.code, d.nodeId])).toEqual([
      ["budget_exceeded", inner?.id],
    ]);
  });

  it("charges each drawn node for copying its scope and props, Each or not", () => {
    const block = compileUiBlock(statsBlock(30), { id: "b", limits: ROOMY_LIMITS });
    const view = evaluateUiBlock(block, new UiState(block), { ...ROOMY_LIMITS, iterations: 20 });
    const drawn = flatten(view.nodes);
    expect(drawn.length).toBeGreaterThan(10);
    expect(
      drawn.filter((node) => node.error !== undefined).map((node) => [node.type, node.error]),
    ).toEqual([["Stat", "budget_exceeded"]]);
    expect(drawn.at(-1)?.error).toBe("budget_exceeded");
    expect(view.diagnostics.map((d) => d.code)).toEqual(["budget_exceeded"]);
  });
});

describe("stored blocks on a busy machine", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The CI triage block: a branch control and a query of it. */
  function triageBlock() {
    return compileUiBlock(TRIAGE_BLOCK, {
      id: "t",
      querySchemas: { "ci.runs": z.strictObject({ branch: z.string() }) },
      limits: ROOMY_LIMITS,
    });
  }

  /** Every clock read finds another 100 ms gone: the machine is too busy for any wall-clock budget. */
  function busyMachine(): void {
    let time = performance.now();
    vi.spyOn(performance, "now").mockImplementation(() => (time += 100));
  }

  it("never refuses a final stored block on time: a refusal on time alone is retried without a time limit", () => {
    const reply = fenced(RELEASE_BLOCK) + fenced(statsBlock(40), "\nAnd numbers:\n", "\n");
    const calm = compileUi(reply, {
      id: "r",
      final: true,
      limits: ROOMY_LIMITS,
      replyLimits: ROOMY_REPLY_LIMITS,
    });
    busyMachine();
    const plain = compileUi(reply, {
      id: "r",
      final: true,
      limits: { milliseconds: 250 },
      replyLimits: { milliseconds: 1_000 },
    });
    expect(plain.flatMap((block) => block.diagnostics.map((d) => d.message))).toContain(
      "The block ran out of its milliseconds budget.",
    );
    expect(compileStoredUi(reply, { id: "r" })).toEqual(calm);
  });

  it("keeps every other limit: a stored block that runs out of steps is still refused", () => {
    busyMachine();
    const [block] = compileStoredUi(fenced("<Tag>x</Tag>".repeat(600)), { id: "r" });
    expect(block?.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["budget_exceeded", "The block ran out of its nodes budget."],
    ]);
  });

  it("resolves a Choice on a stored block however busy the machine, and refuses what is not time as before", () => {
    const block = compileUiBlock(RELEASE_BLOCK, { id: "b", limits: ROOMY_LIMITS });
    const view = evaluateUiBlock(block, new UiState(block), ROOMY_LIMITS);
    const choice = flatten(view.nodes).find((node) => node.type === "Choice")?.id as string;
    const values = { $target: "production", $rollout: 100 };
    const expected = resolveUiChoice(block, choice, values, {}, ROOMY_LIMITS);
    busyMachine();
    expect(() => resolveUiChoice(block, choice, values, {}, { milliseconds: 250 })).toThrow(
      expect.objectContaining({ code: "budget_exceeded" }),
    );
    expect(resolveStoredUiChoice(block, choice, values)).toEqual(expected);
    expect(() => resolveStoredUiChoice(block, choice, { $target: "moon" })).toThrow(
      expect.objectContaining({ code: "invalid_value" }),
    );
    expect(() => resolveStoredUiChoice(block, choice, values, {}, { iterations: 3 })).toThrow(
      expect.objectContaining({ code: "budget_exceeded" }),
    );
  });

  it("draws a stored block whole however busy the machine, and still cuts a view short on any other limit", () => {
    const block = compileUiBlock(RELEASE_BLOCK, { id: "b", limits: ROOMY_LIMITS });
    const whole = evaluateUiBlock(block, new UiState(block), ROOMY_LIMITS);
    busyMachine();
    const cut = evaluateUiBlock(block, new UiState(block), { milliseconds: 250 });
    expect(cut.diagnostics.map((d) => [d.code, d.message])).toContainEqual([
      "budget_exceeded",
      "The block ran out of its milliseconds budget.",
    ]);
    // As JSON: a Button's view carries a function to press it, new in every evaluation.
    expect(JSON.stringify(evaluateStoredUiBlock(block, new UiState(block)))).toBe(
      JSON.stringify(whole),
    );
    const partial = evaluateStoredUiBlock(block, new UiState(block), { iterations: 3 });
    expect(partial.diagnostics.map((d) => d.message)).toContain(
      "The block ran out of its iterations budget.",
    );
  });

  it("evaluates a stored block's query arguments however busy the machine, and refuses what is not time as before", () => {
    const block = triageBlock();
    busyMachine();
    expect(() =>
      uiQueryArguments(block, "$runs", { $branch: "dev" }, { milliseconds: 250 }),
    ).toThrow(expect.objectContaining({ code: "budget_exceeded" }));
    expect(storedUiQueryArguments(block, "$runs", { $branch: "dev" })).toEqual({ branch: "dev" });
    expect(() => storedUiQueryArguments(block, "$nope")).toThrow(
      expect.objectContaining({ code: "invalid_query" }),
    );
    expect(() => storedUiQueryArguments(block, "$runs", {}, { iterations: 1 })).toThrow(
      expect.objectContaining({ code: "budget_exceeded" }),
    );
  });

  it("holds an answer's values on a stored block however busy the machine, and refuses what is not time as before", () => {
    const block = triageBlock();
    busyMachine();
    expect(() =>
      uiValidatedState(block, { $branch: "dev" }, undefined, { milliseconds: 250 }),
    ).toThrow(expect.objectContaining({ code: "budget_exceeded" }));
    expect(storedUiValidatedState(block, { $branch: "dev" }).lookup("branch")).toBe("dev");
    expect(() => storedUiValidatedState(block, { $branch: "moon" })).toThrow(
      expect.objectContaining({ code: "invalid_value" }),
    );
    expect(() =>
      storedUiValidatedState(block, { $branch: "dev" }, undefined, { iterations: 1 }),
    ).toThrow(expect.objectContaining({ code: "budget_exceeded" }));
  });
});
