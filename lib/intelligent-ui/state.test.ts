import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RELEASE_BLOCK, ROOMY_LIMITS, TRIAGE_BLOCK } from "../../scripts/test/block-fixtures";
import {
  compileUiBlock,
  evaluateUiBlock,
  uiQueryArguments,
  UiState,
  uiValidatedState,
  type UiBlock,
  type UiViewNode,
} from "./index";

const querySchemas = { "ci.runs": z.strictObject({ branch: z.string() }) };

function compile(source: string, id = "b", final = true): UiBlock {
  return compileUiBlock(source, { id, final, querySchemas, limits: ROOMY_LIMITS });
}

function find(nodes: readonly UiViewNode[], type: string): UiViewNode[] {
  return nodes.flatMap((node) => [
    ...(node.type === type ? [node] : []),
    ...find(node.children, type),
  ]);
}

function code(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe("UiState", () => {
  it("sets declared variables by their $name, of the same type only", () => {
    const state = new UiState(compile(RELEASE_BLOCK));
    expect(code(() => state.set("$nope", 1))).toBe("refused_binding");
    expect(code(() => state.set("rollout", 50))).toBe("refused_binding");
    expect(code(() => state.set("$rollout", "50"))).toBe("invalid_value");
    state.set("$rollout", 50);
    expect(state.scope().$rollout).toBe(50);
    expect(state.read("$rollout")).toBe(50);
    expect(state.read("rollout")).toBeUndefined();
  });

  it("keeps a stable snapshot between changes and notifies subscribers", () => {
    const state = new UiState(compile(RELEASE_BLOCK));
    const calls: number[] = [];
    const unsubscribe = state.subscribe(() => calls.push(state.snapshot().version));
    const before = state.snapshot();
    expect(state.snapshot()).toBe(before);
    state.set("$notify", false);
    expect(state.snapshot()).toBe(before);
    state.set("$notify", true);
    expect(state.snapshot()).not.toBe(before);
    expect(state.snapshot().values.$notify).toBe(true);
    unsubscribe();
    state.set("$notify", false);
    expect(calls).toEqual([1]);
  });

  it("runs Button actions", () => {
    const block = compile(RELEASE_BLOCK);
    const state = new UiState(block);
    state.run({ type: "set", name: "rollout", value: 100 });
    state.set("$target", "production");
    state.run({ type: "reset", name: "rollout" });
    expect(state.snapshot().values).toMatchObject({ $rollout: 25, $target: "production" });
    state.run({ type: "reset" });
    expect(state.snapshot().values.$target).toBe("staging");
  });

  it("syncs a recompiled block: keeps unchanged defaults, resets changed, drops removed, clears changed queries", () => {
    const first = compile('$a = 1\n$b = 2\n$c = 3\n$q = @Query("ci.runs", {branch: "main"})');
    const state = new UiState(first);
    state.set("$a", 10);
    state.set("$b", 20);
    state.set("$c", 30);
    state.setQuery("$q", [1], first);
    expect(state.snapshot().queries).toEqual({ $q: [1] });
    state.sync(compile('$a = 1\n$b = 5\n$q = @Query("ci.runs", {branch: "dev"})'));
    expect(state.snapshot().values).toEqual({ $a: 10, $b: 5 });
    expect(state.snapshot().queries).toEqual({});
    expect(state.read("$q")).toBeUndefined();
    state.sync(compile("$a = 1", "other"));
    expect(state.snapshot().values).toEqual({ $a: 1 });
  });

  it("loads a query only for the same block and exact definition", () => {
    const block = compile(TRIAGE_BLOCK);
    const state = new UiState(block);
    expect(code(() => state.setQuery("$runs", [], compile(TRIAGE_BLOCK, "other")))).toBe(
      "refused_query",
    );
    expect(
      code(() =>
        state.setQuery(
          "$runs",
          [],
          compile(TRIAGE_BLOCK.replace("{branch: $branch}", '{branch: "x"}')),
        ),
      ),
    ).toBe("refused_query");
    expect(code(() => state.setQuery("$branch", "x", block))).toBe("refused_query");
    expect(code(() => state.setQuery("runs", [], block))).toBe("refused_query");
    expect(state.scope()).not.toHaveProperty("$runs");
    state.setQuery("$runs", [{ id: 1 }], block);
    expect(state.scope().$runs).toEqual([{ id: 1 }]);
  });
});

describe("evaluateUiBlock", () => {
  it("gives Each view ids an iteration suffix and keeps sourceId", () => {
    const block = compile(TRIAGE_BLOCK);
    const options = find(evaluateUiBlock(block, new UiState(block)).nodes, "Option");
    expect(options.map((node) => node.id.slice(node.sourceId.length))).toEqual([":0", ":1", ":2"]);
    expect(options.map((node) => node.props.value)).toEqual(["main", "dev", "release"]);
  });

  it("binding callbacks act only on complete nodes with schema-valid values", () => {
    const block = compile(RELEASE_BLOCK);
    const state = new UiState(block);
    const [slider] = find(evaluateUiBlock(block, state).nodes, "Slider");
    expect(slider?.binding).toBe("rollout");
    expect(slider?.change?.(150)).toBe(false);
    expect(slider?.change?.("50")).toBe(false);
    expect(slider?.change?.(60)).toBe(true);
    expect(state.snapshot().values.$rollout).toBe(60);
    const streaming = compile(
      '$c = []\n<Checklist value={$c}><Item value="a">A</Item>',
      "b",
      false,
    );
    const [open] = find(evaluateUiBlock(streaming, new UiState(streaming)).nodes, "Checklist");
    expect(open).toMatchObject({ binding: "c", complete: false, interactive: false });
    expect(open?.change?.(["a"])).toBe(false);
  });

  it("presses only enabled complete Buttons", () => {
    const block = compile(
      "$n = 1\n<Button action={@Set($n, 2)}>Two</Button><Button disabled={true} action={@Set($n, 3)}>Three</Button>",
    );
    const state = new UiState(block);
    const [two, three] = find(evaluateUiBlock(block, state).nodes, "Button");
    expect(three?.press?.()).toBe(false);
    expect(two?.press?.()).toBe(true);
    expect(state.snapshot().values.$n).toBe(2);
  });

  it("checks a stored Button's action again when it draws: a damaged one is an error node, never a live Button", () => {
    const block = compile(
      '$n = 1\n$runs = @Query("ci.runs", {branch: "main"})\n<Button action={@Set($n, 2)}>Two</Button>\n<Choices><Choice>Go</Choice></Choices>',
    );
    const damage = (action: unknown): UiBlock => {
      const stored = JSON.parse(JSON.stringify(block)) as UiBlock;
      (stored.nodes[0] as { action: unknown }).action = action;
      return stored;
    };
    const cases: [unknown, string][] = [
      [{ type: "set", name: "gone", value: 2 }, "refused_binding"],
      [{ type: "set", name: "runs", value: 2 }, "refused_binding"],
      [{ type: "reset", name: "__proto__" }, "refused_binding"],
      [{ type: "set", name: "n", value: "two" }, "invalid_value"],
      [{ type: "run", name: "n" }, "refused_action"],
    ];
    for (const [action, expected] of cases) {
      const stored = damage(action);
      const state = new UiState(stored);
      const result = evaluateUiBlock(stored, state);
      const [button] = find(result.nodes, "Button");
      expect(button).toMatchObject({ type: "Button", error: expected, interactive: false });
      expect(button?.action).toBeUndefined();
      expect(button?.press).toBeUndefined();
      expect(result.diagnostics.map((d) => [d.code, d.nodeId])).toEqual([[expected, button?.id]]);
      expect(state.snapshot().values).toEqual({ $n: 1 });
    }
    const [intact] = find(evaluateUiBlock(block, new UiState(block)).nodes, "Button");
    expect(intact).toMatchObject({
      interactive: true,
      action: { type: "set", name: "n", value: 2 },
    });
  });

  it("shows a read-only value for a control that does not bind", () => {
    const block = compile("$n = 4\n<Slider value={$n * 2} min={0} max={10}/>");
    const [slider] = find(evaluateUiBlock(block, new UiState(block)).nodes, "Slider");
    expect(slider).toMatchObject({ props: { value: 8 }, interactive: false });
    expect(slider?.binding).toBeUndefined();
  });

  it("draws a node that reads query data not loaded yet as its fallback until a reading arrives", () => {
    const block = compile(
      '$runs = @Query("ci.runs", {branch: "main"})\n<Table rows={$runs}><Column key="name" title="Job"/></Table>',
    );
    expect(block.diagnostics).toEqual([]);
    const state = new UiState(block);
    expect(state.read("$runs")).toBeUndefined();
    const before = evaluateUiBlock(block, state);
    expect(before.nodes[0]).toMatchObject({
      type: "Table",
      error: "refused_access",
      fallback: "[]\n",
    });
    expect(before.diagnostics.map((d) => [d.code, d.nodeId])).toEqual([["refused_access", "b:44"]]);
    state.setQuery("$runs", [{ name: "lint" }], block);
    const after = evaluateUiBlock(block, state);
    expect(after.diagnostics).toEqual([]);
    expect(after.nodes[0]).toMatchObject({
      type: "Table",
      props: { rows: [{ name: "lint" }] },
      fallback: '[{"name":"lint"}]\n',
    });
    expect(after.nodes[0]?.error).toBeUndefined();
  });

  it("reports per-node diagnostics with view ids", () => {
    const block = compile('$l = [1, 0]\n<Each items={$l} as="d">{10 / d}</Each>');
    const result = evaluateUiBlock(block, new UiState(block));
    expect(result.diagnostics.map((d) => [d.code, d.nodeId])).toEqual([
      ["invalid_value", "b:36:1"],
    ]);
  });
});

describe("uiValidatedState and uiQueryArguments", () => {
  it("refuses an incomplete block or another catalog version with invalid_block", () => {
    expect(code(() => uiValidatedState(compile(RELEASE_BLOCK, "b", false)))).toBe("invalid_block");
    expect(code(() => uiValidatedState({ ...compile(RELEASE_BLOCK), catalogVersion: 3 }))).toBe(
      "invalid_block",
    );
  });

  it("applies the same checks as a choice", () => {
    const block = compile(RELEASE_BLOCK);
    expect(code(() => uiValidatedState(block, { $evil: 1 }))).toBe("refused_binding");
    expect(code(() => uiValidatedState(block, { target: "production" }))).toBe("refused_binding");
    expect(code(() => uiValidatedState(block, { $target: "moon" }))).toBe("invalid_value");
    expect(uiValidatedState(block, { $target: "production" }).snapshot().values.$target).toBe(
      "production",
    );
  });

  it("evaluates a query's arguments with validated input", () => {
    const block = compile(TRIAGE_BLOCK);
    expect(uiQueryArguments(block, "$runs", { $branch: "dev" })).toEqual({ branch: "dev" });
    expect(code(() => uiQueryArguments(block, "$nope"))).toBe("invalid_query");
    expect(code(() => uiQueryArguments(block, "runs"))).toBe("invalid_query");
    expect(code(() => uiQueryArguments(block, "$runs", { branch: "dev" }))).toBe("refused_binding");
    expect(code(() => uiQueryArguments(block, "$runs", { $branch: "moon" }))).toBe("invalid_value");
  });
});
