import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RELEASE_BLOCK, ROOMY_LIMITS, TRIAGE_BLOCK } from "../../scripts/test/block-fixtures";
import {
  compileUiBlock,
  evaluateUiBlock,
  resolveUiChoice,
  uiInputValues,
  UiState,
  type UiBlock,
  type UiViewNode,
} from "./index";

const querySchemas = { "ci.runs": z.strictObject({ branch: z.string() }) };

function compile(source: string, final = true): UiBlock {
  return compileUiBlock(source, { id: "b", final, querySchemas, limits: ROOMY_LIMITS });
}

function views(block: UiBlock): UiViewNode[] {
  const all: UiViewNode[] = [];
  const visit = (node: UiViewNode) => {
    all.push(node);
    node.children.forEach(visit);
  };
  evaluateUiBlock(block, new UiState(block), ROOMY_LIMITS).nodes.forEach(visit);
  return all;
}

function choiceIds(block: UiBlock): string[] {
  return views(block)
    .filter((node) => node.type === "Choice")
    .map((node) => node.id);
}

function refusal(
  block: UiBlock,
  choiceId: string,
  values?: unknown,
  queries?: unknown,
): string | undefined {
  try {
    resolveUiChoice(block, choiceId, values, queries, ROOMY_LIMITS);
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

const release = compile(RELEASE_BLOCK);
const [releaseChoice, holdChoice, skipChoice] = choiceIds(release) as [string, string, string];

describe("resolveUiChoice", () => {
  it("returns the label, the evaluated context and the input values", () => {
    const selection = resolveUiChoice(
      release,
      releaseChoice,
      { $target: "production", $rollout: 100, $checks: ["tests", "docs"] },
      {},
      ROOMY_LIMITS,
    );
    expect(selection).toEqual({
      label: "Release production",
      context: "Release to production at 100% with tests, docs",
      values: { $checks: ["tests", "docs"], $notify: false, $rollout: 100, $target: "production" },
    });
    expect(resolveUiChoice(release, holdChoice, {}, {}, ROOMY_LIMITS).context).toBe(
      "Hold the release",
    );
  });

  it("uses the label when context is blank", () => {
    const block = compile('<Choices><Choice context="  ">Go  on\n now</Choice></Choices>');
    expect(resolveUiChoice(block, "b:9", {}, {}, ROOMY_LIMITS)).toEqual({
      label: "Go on now",
      context: "Go on now",
      values: {},
    });
  });

  it("refuses an incomplete block and another catalog version", () => {
    expect(refusal(compile(RELEASE_BLOCK, false), releaseChoice)).toBe("refused_choice");
    expect(refusal({ ...release, catalogVersion: 2 }, releaseChoice)).toBe("refused_choice");
  });

  it("refuses hostile input: own __proto__, oversized strings, non-JSON values", () => {
    expect(refusal(release, releaseChoice, JSON.parse('{"__proto__": {"x": 1}}'))).toBe(
      "refused_access",
    );
    expect(refusal(release, releaseChoice, { $target: "x".repeat(20_000) })).toBe(
      "budget_exceeded",
    );
    expect(refusal(release, releaseChoice, { $rollout: Number.NaN })).toBe("invalid_value");
    expect(refusal(release, releaseChoice, "values")).toBe("invalid_value");
  });

  it("refuses injected names and queries set by the client", () => {
    expect(refusal(release, releaseChoice, { $admin: true })).toBe("refused_binding");
    expect(refusal(release, releaseChoice, { target: "production" })).toBe("refused_binding");
    const triage = compile(TRIAGE_BLOCK);
    expect(refusal(triage, choiceIds(triage)[0] as string, { $runs: [] })).toBe("refused_binding");
    expect(refusal(triage, choiceIds(triage)[0] as string, {}, { $nope: 1 })).toBe("refused_query");
  });

  it("refuses wrong types and values outside a Segmented's options or a Checklist's items", () => {
    expect(refusal(release, releaseChoice, { $rollout: "50" })).toBe("invalid_value");
    expect(refusal(release, releaseChoice, { $target: "moon" })).toBe("invalid_value");
    expect(refusal(release, releaseChoice, { $checks: ["tests", "rm -rf"] })).toBe("invalid_value");
    expect(refusal(release, releaseChoice, { $rollout: 101 })).toBe("invalid_value");
  });

  it("refuses a value two visible Sliders cannot both hold", () => {
    const block = compile(
      "$v = 5\n<Slider value={$v} min={0} max={10}/><Slider value={$v} min={5} max={20}/>\n<Choices><Choice>Go</Choice></Choices>",
    );
    const id = choiceIds(block)[0] as string;
    expect(refusal(block, id, { $v: 8 })).toBeUndefined();
    expect(refusal(block, id, { $v: 15 })).toBe("invalid_value");
    expect(refusal(block, id, { $v: 3 })).toBe("invalid_value");
  });

  it("accepts a value only a visible enabled Button sets", () => {
    const source = (button: string) =>
      `$mode = "a"\n$open = false\n${button}\n<Choices><Choice>Go</Choice></Choices>`;
    const enabled = compile(source('<Button action={@Set($mode, "b")}>B</Button>'));
    expect(refusal(enabled, choiceIds(enabled)[0] as string, { $mode: "b" })).toBeUndefined();
    expect(refusal(enabled, choiceIds(enabled)[0] as string, { $mode: "c" })).toBe("invalid_value");
    const disabled = compile(
      source('<Button disabled={true} action={@Set($mode, "b")}>B</Button>'),
    );
    expect(refusal(disabled, choiceIds(disabled)[0] as string, { $mode: "b" })).toBe(
      "invalid_value",
    );
    const hidden = compile(
      source('<Show when={$open}><Button action={@Set($mode, "b")}>B</Button></Show>'),
    );
    expect(refusal(hidden, choiceIds(hidden)[0] as string, { $mode: "b" })).toBe("invalid_value");
  });

  it("refuses a Choice hidden by a changed input, disabled or unknown Choices", () => {
    expect(refusal(release, skipChoice)).toBe("refused_choice");
    expect(
      refusal(release, skipChoice, { $checks: ["tests", "docs", "changelog"] }),
    ).toBeUndefined();
    expect(refusal(release, "b:99999")).toBe("refused_choice");
    const block = compile(
      "$show = true\n<Switch value={$show}/>\n<Show when={$show}><Choices><Choice>Go</Choice></Choices></Show>",
    );
    const id = choiceIds(block)[0] as string;
    expect(refusal(block, id)).toBeUndefined();
    expect(refusal(block, id, { $show: false })).toBe("refused_choice");
  });

  it("resolves Each-suffixed choice ids, not the compiled id", () => {
    const triage = compile(TRIAGE_BLOCK);
    const [first, second] = choiceIds(triage) as [string, string];
    expect(second).toMatch(/:1$/);
    expect(
      resolveUiChoice(triage, second, { $branch: "dev" }, { $runs: [] }, ROOMY_LIMITS),
    ).toMatchObject({ label: "bisect dev", context: "Please bisect on dev" });
    expect(refusal(triage, first.replace(/:0$/, ""))).toBe("refused_choice");
  });

  it("refuses an empty or partly broken label", () => {
    const empty = compile("<Choices><Choice>  </Choice></Choices>");
    expect(refusal(empty, "b:9")).toBe("refused_choice");
    const broken = compile("$a = {}\n<Choices><Choice>Pick {$a.missing}</Choice></Choices>");
    expect(refusal(broken, "b:17")).toBe("refused_choice");
  });

  it("refuses a Choice outside Choices", () => {
    expect(refusal(compile("<Choice>Go</Choice>"), "b:0")).toBe("refused_choice");
  });

  it("refuses a changed value whose control turned into an error", () => {
    const block = compile(
      '$n = 1\n<Slider value={$n} min={0} max={@Count("ab")}/>\n<Choices><Choice>Go</Choice></Choices>',
    );
    expect(refusal(block, choiceIds(block)[0] as string, { $n: 2 })).toBeUndefined();
    const errorBlock = compile(
      "$n = 1\n<Slider value={$n} min={0} max={10 / $n - 9}/>\n<Choices><Choice>Go</Choice></Choices>",
    );
    expect(refusal(errorBlock, choiceIds(errorBlock)[0] as string, { $n: 2 })).toBe(
      "invalid_value",
    );
  });

  it("answers budget_exceeded when evaluating runs out", () => {
    const block = compile(
      '$l = [1, 2, 3]\n<Choices><Each items={$l} as="a"><Choice>{a}</Choice></Each></Choices>',
    );
    expect(() =>
      resolveUiChoice(
        block,
        choiceIds(block)[0] as string,
        {},
        {},
        { ...ROOMY_LIMITS, iterations: 2 },
      ),
    ).toThrow(expect.objectContaining({ code: "budget_exceeded" }));
  });

  it("resolves identically after a JSON round trip", () => {
    for (const block of [release, compile(TRIAGE_BLOCK)]) {
      const stored = JSON.parse(JSON.stringify(block)) as UiBlock;
      expect(stored).toEqual(block);
      const values =
        block === release ? { $target: "production", $rollout: 100 } : { $branch: "release" };
      for (const id of choiceIds(block)) {
        const direct =
          refusal(block, id, values) ?? resolveUiChoice(block, id, values, {}, ROOMY_LIMITS);
        const again =
          refusal(stored, id, values) ?? resolveUiChoice(stored, id, values, {}, ROOMY_LIMITS);
        expect(again).toEqual(direct);
      }
    }
  });

  it("resolves a Choice in a block whose Switch and Slider are labelled by their text", () => {
    const block = compile(
      '$on = false\n$v = 3\n<Switch value={$on}>Notify me</Switch>\n<Slider value={$v} min={0} max={10}>Volume</Slider>\n<Choices><Choice context={"Notify " + $on + " at " + $v}>Go</Choice></Choices>',
    );
    expect(block.diagnostics).toEqual([]);
    const id = choiceIds(block)[0] as string;
    expect(resolveUiChoice(block, id, { $on: true, $v: 7 }, {}, ROOMY_LIMITS)).toEqual({
      label: "Go",
      context: "Notify true at 7",
      values: { $on: true, $v: 7 },
    });
    expect(refusal(block, id, { $v: 11 })).toBe("invalid_value");
  });

  it("round-trips $-keyed values from uiInputValues through resolveUiChoice, and refuses a key without $", () => {
    const state = new UiState(release);
    state.set("$target", "production");
    state.set("$checks", ["tests", "docs"]);
    const sent = uiInputValues(release, state);
    expect(sent).toEqual({
      $checks: ["tests", "docs"],
      $notify: false,
      $rollout: 25,
      $target: "production",
    });
    const wire = JSON.parse(JSON.stringify(sent)) as Record<string, unknown>;
    const selection = resolveUiChoice(
      JSON.parse(JSON.stringify(release)) as UiBlock,
      releaseChoice,
      wire,
      {},
      ROOMY_LIMITS,
    );
    expect(selection).toMatchObject({
      label: "Release production",
      context: "Release to production at 25% with tests, docs",
      values: sent,
    });
    const { $target: target, ...rest } = wire;
    expect(refusal(release, releaseChoice, { ...rest, target })).toBe("refused_binding");
  });

  it("lists the values a page sends", () => {
    const state = new UiState(release);
    state.set("$rollout", 50);
    expect(uiInputValues(release, state)).toEqual({
      $checks: ["tests"],
      $notify: false,
      $rollout: 50,
      $target: "staging",
    });
  });
});
