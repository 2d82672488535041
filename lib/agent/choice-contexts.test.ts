import { describe, expect, it } from "vitest";
import { decodeAssistantContent } from "@/lib/component-frames";
import { compileUi, resolveUiChoice, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import { LIVE_SOURCES, querySchemasOf } from "@/lib/live-sources";
import { SCENARIOS } from "./scenarios";
import { scriptedReply } from "./script";

// A pick on a block sends its Choice's context as the person's message, and the agent reads the
// label beside it (lib/chat/turns/claim.ts words it). The demo's contexts must read as what a
// person would say, and the mock's answer must name what the person picked.

const picked = (label: string, context: string) =>
  `The person chose "${label}" from your UI reply; their message is the visible context of that choice.\n\n${context}`;

// Readings the demo's live blocks are answered on, as their sources would issue them.
const QUERIES: Record<string, Record<string, UiValue>> = {
  $runs: {
    branch: "main",
    window: 0,
    failing: 2,
    failedJobs: ["unit", "e2e"],
    runs: [
      { job: "lint", status: "passed", ms: 1200 },
      { job: "unit", status: "failed", ms: 5400 },
      { job: "e2e", status: "failed", ms: 91000 },
      { job: "build", status: "passed", ms: 30000 },
    ],
  },
  $weather: { city: "Oslo", celsius: 4, windKmh: 22, sky: "rain" },
};

// Inputs a person sets so that every Choice of a block is open (a disabled one cannot be picked).
const OPENING_VALUES: Record<string, UiValue> = {
  $checks: ["tests", "docs"],
  $confirm: true,
};

/** The blocks of a reply, as the host compiles them once it is final; an envelope's from its text parts. */
function blocksOf(reply: string): UiBlock[] {
  const decoded = decodeAssistantContent(reply);
  const text = decoded.ok
    ? decoded.parts.map((part) => (part.kind === "text" ? part.text : "")).join("\n")
    : reply;
  return compileUi(text, {
    id: "reply",
    final: true,
    querySchemas: querySchemasOf(LIVE_SOURCES),
    limits: { milliseconds: 10_000 },
    replyLimits: { milliseconds: 10_000 },
  });
}

type Node = { id: string; type: string; children: readonly Node[] };

function choiceIds(nodes: readonly Node[]): string[] {
  return nodes.flatMap((node) => [
    ...(node.type === "Choice" ? [node.id] : []),
    ...choiceIds(node.children),
  ]);
}

/** Every pick a person can make on the demo's blocks: the starters' replies, and the replies those picks lead to. */
function everyPick(): Array<{ where: string; label: string; context: string }> {
  const seen = new Set<string>();
  const picks: Array<{ where: string; label: string; context: string }> = [];
  const visit = (where: string, text: string) => {
    for (const block of blocksOf(text)) {
      const values = Object.fromEntries(
        Object.entries(OPENING_VALUES).filter(([name]) => name.slice(1) in block.variables),
      );
      const queries = Object.fromEntries(
        Object.keys(block.queries).map((name) => [`$${name}`, QUERIES[`$${name}`]!]),
      );
      for (const id of choiceIds(block.nodes as readonly Node[])) {
        const { label, context } = resolveUiChoice(block, id, values, queries, {
          milliseconds: 10_000,
        });
        if (seen.has(`${label}\n${context}`)) continue;
        seen.add(`${label}\n${context}`);
        picks.push({ where, label, context });
        visit(`${where} → ${label}`, scriptedReply(picked(label, context)).text);
      }
    }
  };
  for (const scenario of SCENARIOS) {
    visit(scenario.name, scenario.reply());
    if (scenario.subagent) visit(`${scenario.name} (subagent)`, scenario.subagent());
  }
  return picks;
}

describe("the demo's block choices", () => {
  const picks = everyPick();

  it("are found in every block scenario", () => {
    expect(picks.length).toBeGreaterThan(12);
  });

  it("each send a context that reads as the person's own message", () => {
    for (const { where, label, context } of picks) {
      const said = `${where}: “${label}” sends “${context}”`;
      expect(context, said).not.toBe(label);
      expect(context, said).toMatch(/^[A-Z]/);
      // Not a log line ("Build triage: …"), nor a raw value a person never saw.
      expect(context, said).not.toMatch(/^[A-Z][a-z]+(?: [a-z]+)?: /);
      expect(context, said).not.toMatch(/\b(?:true|false|null|undefined)\b/);
    }
  });

  it("each get an answer to what the person said, never a bare echo of the button's label", () => {
    for (const { where, label, context } of picks) {
      const reply = scriptedReply(picked(label, context)).text;
      expect(reply, `${where}: “${label}”`).not.toContain(`**${label}**`);
      expect(reply, `${where}: “${label}”`).not.toContain("What would you like to do next?");
    }
  });
});

describe("a pick on the size block", () => {
  const [block] = blocksOf(SCENARIOS.find((scenario) => scenario.name === "mixed-reply")!.reply());
  const choice = choiceIds(block!.nodes as readonly Node[])[0]!;

  it("says the size the person saw, and the agent notes that size", () => {
    for (const size of ["Small", "Medium"]) {
      const { label, context } = resolveUiChoice(block!, choice, { $size: size });
      expect(context).toBe(`I'll take size ${size}.`);
      expect(scriptedReply(picked(label, context)).text).toMatch(
        new RegExp(`^Noted: size \\*\\*${size}\\*\\*\\.`),
      );
    }
  });
});
