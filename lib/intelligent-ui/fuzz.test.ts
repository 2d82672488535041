import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fenced, RELEASE_BLOCK, statsBlock, TRIAGE_BLOCK } from "../../scripts/test/block-fixtures";
import {
  compileUi,
  compileUiBlock,
  evaluateUiBlock,
  resolveUiChoice,
  UiFailure,
  UiState,
  UI_LIMITS,
  type UiViewNode,
} from "./index";

const querySchemas = { "ci.runs": z.strictObject({ branch: z.string() }) };
const ALPHABET = [
  "<",
  ">",
  "/",
  "{",
  "}",
  '"',
  "'",
  "$",
  "@",
  "=",
  "\n",
  " ",
  "\\",
  "[",
  "]",
  "(",
  ")",
  ",",
  ".",
  "`",
  "a",
  "Tag",
  "Each",
  "Show",
  "Choice",
  "Choices",
  "Slider",
  "$x",
  "__proto__",
  "@Filter(",
  "@Query(",
  "1",
  "-",
  "!",
  ":",
];
const SEEDS = [RELEASE_BLOCK, TRIAGE_BLOCK, statsBlock(8)];

/** A small deterministic generator, so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function mutate(text: string, next: () => number): string {
  let result = text;
  const edits = 1 + Math.floor(next() * 6);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(next() * (result.length + 1));
    const piece = ALPHABET[Math.floor(next() * ALPHABET.length)] as string;
    const kind = next();
    if (kind < 0.4) result = result.slice(0, at) + piece + result.slice(at);
    else if (kind < 0.7)
      result = result.slice(0, at) + result.slice(at + 1 + Math.floor(next() * 20));
    else
      result =
        result.slice(0, at) +
        result.slice(at, at + Math.floor(next() * 40)).repeat(3) +
        result.slice(at);
  }
  return result;
}

function randomText(next: () => number): string {
  return Array.from(
    { length: Math.floor(next() * 80) },
    () => ALPHABET[Math.floor(next() * ALPHABET.length)],
  ).join("");
}

function choiceIds(nodes: readonly UiViewNode[]): string[] {
  return nodes.flatMap((node) => [
    ...(node.type === "Choice" ? [node.id] : []),
    ...choiceIds(node.children),
  ]);
}

describe("fuzz", () => {
  it("no exception escapes the compiler, evaluator or resolver, and budgets hold", () => {
    const next = random(42);
    for (let round = 0; round < 600; round++) {
      const source =
        round % 3 === 0 ? randomText(next) : mutate(SEEDS[round % SEEDS.length] as string, next);
      const final = next() < 0.5;
      const block = compileUiBlock(source, { id: "f", final, querySchemas });
      expect(block.diagnostics.length).toBeLessThanOrEqual(UI_LIMITS.diagnostics);
      const started = performance.now();
      const state = new UiState(block);
      const view = evaluateUiBlock(block, state);
      expect(performance.now() - started).toBeLessThan(UI_LIMITS.milliseconds * 10);
      const values = { $x: next() < 0.5 ? 1 : "a", __proto__: 1 };
      for (const id of [...choiceIds(view.nodes), "f:0"]) {
        try {
          resolveUiChoice(block, id, next() < 0.5 ? {} : values);
        } catch (error) {
          expect(error).toBeInstanceOf(UiFailure);
        }
      }
      const [reply] = compileUi(fenced(source), { id: "r", final });
      expect(reply?.source).toBe(source);
    }
  });

  it("survives hostile JSON blocks at evaluation", () => {
    const next = random(7);
    const original = compileUiBlock(RELEASE_BLOCK, { id: "b", limits: { milliseconds: 10_000 } });
    const good = JSON.stringify(original);
    const state = new UiState(original);
    for (let round = 0; round < 200; round++) {
      let block: unknown;
      try {
        block = JSON.parse(mutate(good, next));
      } catch {
        continue;
      }
      expect(() => evaluateUiBlock(block as never, state)).not.toThrow();
    }
  });
});
