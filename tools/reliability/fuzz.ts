// Fuzzed blocks through the block language's public entry points, in this process: compile (whole
// replies and single blocks, finished or still streaming), evaluate, and resolveUiChoice with the
// values a page would send and with hostile ones. Only a UiFailure from resolveUiChoice may leave.
import { starterPrompts } from "@/lib/agent";
import { scriptedReply } from "@/lib/agent/script";
import { RELEASE_BLOCK, statsBlock, TRIAGE_BLOCK } from "@/scripts/test/block-fixtures";
import {
  compileUi,
  compileUiBlock,
  evaluateUiBlock,
  resolveUiChoice,
  uiInputValues,
  UiFailure,
  UiState,
  type UiBlock,
  type UiViewNode,
} from "@/lib/intelligent-ui";
import { n, ratio, type Scenario, type Suite } from "./suite";

const TOKENS = [
  "```ui\n",
  "\n```",
  "<Choice context={",
  "</Choice>",
  "<Each items={$",
  ' as="x">',
  "<Show when={",
  "@Set($",
  "@Reset()",
  "{{",
  "}}",
  "$",
  "=",
  '"',
  "'",
  "\\",
  "\u0000",
  "\ud800",
  "\u202e",
  "🚀",
  "__proto__",
  "constructor",
  "@Count(",
  "@Join(",
  "1e309",
  "-0",
  "[",
  "]",
  "(",
  ")",
  "\n",
  "<",
  "/>",
  ">",
];

/** xorshift32: a failure reproduces from its seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

function fuzzText(seeds: readonly string[], next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  let text = pick(seeds);
  for (let edits = 1 + Math.floor(next() * 8); edits > 0; edits--) {
    const at = Math.floor(next() * (text.length + 1));
    const roll = next();
    if (roll < 0.35) text = text.slice(0, at) + pick(TOKENS) + text.slice(at);
    else if (roll < 0.55) text = text.slice(0, at) + text.slice(at + Math.floor(next() * 30));
    else if (roll < 0.7) text = text.slice(0, at) + pick(seeds).slice(Math.floor(next() * 400));
    else if (roll < 0.85)
      text =
        text.slice(0, at) + String.fromCharCode(Math.floor(next() * 0xffff)) + text.slice(at + 1);
    else text = text.slice(0, Math.max(1, at));
  }
  return text;
}

function hostileValues(next: () => number): Record<string, unknown> {
  const values: Record<string, unknown> = JSON.parse('{"__proto__":{"polluted":true}}');
  const samples: unknown[] = [
    1e309,
    -0,
    "",
    "production",
    ["tests", "docs"],
    [[[]]],
    { a: 1 },
    null,
    true,
    "x".repeat(10_000),
    Array.from({ length: 500 }, (_, i) => i),
  ];
  for (const name of ["$checks", "$notify", "$rollout", "$target", "$branch", "$x", "constructor"])
    if (next() < 0.6) values[name] = samples[Math.floor(next() * samples.length)];
  return values;
}

const choiceIds = (nodes: readonly UiViewNode[]): string[] =>
  nodes.flatMap((node) => [
    ...(node.type === "Choice" ? [node.id] : []),
    ...choiceIds(node.children),
  ]);

/** Every entry point on one text; returns the exceptions that escaped. */
function exercise(text: string, next: () => number, index: number): unknown[] {
  const escaped: unknown[] = [];
  const guard = (run: () => void, allowFailure = false) => {
    try {
      run();
    } catch (error) {
      if (!(allowFailure && error instanceof UiFailure)) escaped.push(error);
    }
  };
  let blocks: UiBlock[] = [];
  const final = next() < 0.5;
  guard(() => {
    blocks =
      index % 2 === 0
        ? compileUi(text, { id: `fuzz-${index}`, final })
        : [compileUiBlock(text, { id: `fuzz-${index}`, final })];
  });
  for (const block of blocks) {
    guard(() => {
      const state = new UiState(block);
      const view = evaluateUiBlock(block, state);
      const values = uiInputValues(block, state);
      for (const id of [...choiceIds(view.nodes), `${block.id}:0`]) {
        guard(() => resolveUiChoice(block, id, values), true);
        guard(() => resolveUiChoice(block, id, hostileValues(next)), true);
      }
    });
  }
  return escaped;
}

async function run(suite: Suite): Promise<void> {
  const seeds = [
    RELEASE_BLOCK,
    TRIAGE_BLOCK,
    statsBlock(6),
    ...starterPrompts().map((prompt) => scriptedReply(prompt).text),
  ];
  const next = generator(20261203);
  const baselineStarted = performance.now();
  for (let round = 0; round < 20; round++)
    seeds.forEach((seed, index) => exercise(seed, next, index));
  const baseline = (performance.now() - baselineStarted) / (20 * seeds.length);
  const total = suite.sizes["fuzz-blocks"];
  const escaped: unknown[] = [];
  const started = performance.now();
  for (let index = 0; index < total; index++)
    escaped.push(...exercise(fuzzText(seeds, next), next, index));
  const perText = (performance.now() - started) / total;
  suite.print(
    `fuzz     ${n(total)} fuzzed blocks through compile, evaluate and resolveUiChoice: ${escaped.length} escaped exceptions; ${perText.toFixed(2)} ms each (${ratio(perText, baseline)} an unfuzzed seed, ${baseline.toFixed(2)} ms)`,
  );
  if (escaped.length > 0) suite.fail(`fuzz: ${String(escaped[0])}`);
}

export const fuzz: Scenario = { name: "fuzz", run };
