import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROOMY_LIMITS } from "../../scripts/test/block-fixtures";
import { compileUiBlock, evaluateUiBlock, resolveUiChoice, UiState, type UiBlock } from "./index";

// docs/language.md §8.2: a submitted value passes only when a visible control could have produced it.

function compile(source: string): UiBlock {
  return compileUiBlock(source, { id: "b", final: true, limits: ROOMY_LIMITS });
}

/** The id of the Choice whose label reads `label`. */
function choiceId(block: UiBlock, label: string): string {
  const nodes = evaluateUiBlock(block, new UiState(block), ROOMY_LIMITS).nodes;
  const choices = nodes.find((node) => node.type === "Choices")?.children ?? [];
  const choice = choices.find((node) =>
    JSON.stringify(node.children).includes(JSON.stringify(label)),
  );
  if (choice === undefined) throw new Error(`no Choice ${label}`);
  return choice.id;
}

function refusal(block: UiBlock, id: string, values: unknown): string | undefined {
  try {
    resolveUiChoice(block, id, values, {}, ROOMY_LIMITS);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe("a Slider with a step", () => {
  const slider = (min: number, step: number) =>
    compile(
      `$v = ${min}\n<Slider value={$v} min={${min}} max={${min + 40 * step}} step={${step}}/>\n<Choices><Choice>Go</Choice></Choices>`,
    );
  const mins = fc.constantFrom(0, -10, 3, 0.5);
  const steps = fc.constantFrom(5, 1, 0.1, 0.25, 2.5);

  it("accepts every value min + k·step up to max", () => {
    fc.assert(
      fc.property(mins, steps, fc.integer({ min: 0, max: 40 }), (min, step, k) => {
        const block = slider(min, step);
        expect(refusal(block, choiceId(block, "Go"), { $v: min + k * step })).toBeUndefined();
      }),
    );
  });

  it("refuses a value between two steps", () => {
    fc.assert(
      fc.property(
        mins,
        steps,
        fc.integer({ min: 0, max: 39 }),
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        (min, step, k, part) => {
          const block = slider(min, step);
          expect(refusal(block, choiceId(block, "Go"), { $v: min + (k + part) * step })).toBe(
            "invalid_value",
          );
        },
      ),
    );
  });

  it("refuses the attack's values on the release block's 5 % steps", () => {
    const block = slider(0, 5);
    expect(refusal(block, choiceId(block, "Go"), { $v: 7 })).toBe("invalid_value");
    expect(refusal(block, choiceId(block, "Go"), { $v: 99.999 })).toBe("invalid_value");
    expect(refusal(block, choiceId(block, "Go"), { $v: 100 })).toBeUndefined();
  });

  it("accepts any value between min and max when it has no step", () => {
    const block = compile(
      "$v = 0\n<Slider value={$v} min={0} max={10}/>\n<Choices><Choice>Go</Choice></Choices>",
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), (value) => {
        expect(refusal(block, choiceId(block, "Go"), { $v: value })).toBeUndefined();
      }),
    );
  });
});

describe("a Checklist", () => {
  const items = ["tests", "docs", "changelog"];
  const block = compile(`$checks = []
<Checklist value={$checks}>
${items.map((item) => `  <Item value="${item}">${item}</Item>`).join("\n")}
</Checklist>
<Choices>
  <Choice disabled={@Count($checks) < 3}>Release</Choice>
  <Choice>Hold</Choice>
</Choices>`);

  it("accepts any set of its Items, each once, in any order", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(items), (checked) => {
        expect(refusal(block, choiceId(block, "Hold"), { $checks: checked })).toBeUndefined();
      }),
    );
  });

  it("refuses a list that repeats an Item", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(items, { minLength: 1 }), fc.nat(), (checked, pick) => {
        const repeated = [...checked, checked[pick % checked.length] as string];
        expect(refusal(block, choiceId(block, "Hold"), { $checks: repeated })).toBe(
          "invalid_value",
        );
      }),
    );
  });

  it("keeps a Choice disabled by @Count closed to a repeated Item", () => {
    expect(
      refusal(block, choiceId(block, "Release"), { $checks: ["tests", "tests", "tests"] }),
    ).toBe("invalid_value");
    expect(refusal(block, choiceId(block, "Release"), { $checks: ["tests", "docs"] })).toBe(
      "refused_choice",
    );
    expect(
      refusal(block, choiceId(block, "Release"), { $checks: ["changelog", "tests", "docs"] }),
    ).toBeUndefined();
  });
});
