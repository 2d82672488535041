import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ROOMY_LIMITS } from "../../scripts/test/block-fixtures";
import {
  compileUi,
  compileUiBlock,
  evaluateUiBlock,
  UiState,
  type UiBlock,
  type UiDiagnosticCode,
  type UiNode,
} from "./index";

const querySchemas = { "ci.runs": z.strictObject({ branch: z.string() }) };

function compile(source: string, final = true): UiBlock {
  return compileUiBlock(source, { id: "b", final, querySchemas, limits: ROOMY_LIMITS });
}

function codes(source: string, final = true): UiDiagnosticCode[] {
  return compile(source, final).diagnostics.map((d) => d.code);
}

function ids(nodes: readonly UiNode[]): string[] {
  return nodes.flatMap((node) => [node.id, ...ids(node.children)]);
}

describe("diagnostics", () => {
  const cases: [UiDiagnosticCode, string][] = [
    ["invalid_tag", "<1abc>"],
    ["invalid_prop", '<Callout tone=info title="x"/>'],
    ["invalid_declaration", "$ = 1\n<Tag/>"],
    ["duplicate_declaration", "$a = 1\n$a = 2"],
    ["invalid_default", "$a = 1 + 2"],
    ["unclosed_tag", '<Callout tone="info">text'],
    ["unmatched_tag", "</Callout>"],
    ["duplicate_prop", '<Tag tone="info" tone="danger">x</Tag>'],
    ["refused_prop", '<Tag color="red">x</Tag>'],
    ["invalid_props", '<Callout tone="pink">x</Callout>'],
    ["unknown_component", "<Blink>x</Blink>"],
    ["invalid_parent", '<Stat label="a" value={1}/>'],
    ["invalid_child", "<Stats><Tag>x</Tag></Stats>"],
    ["invalid_expression", "<Tag tone={1 +}>x</Tag>"],
    ["incomplete_expression", "$a = 1\nTotal {$a"],
    ["invalid_value", "{[1, 2]}"],
    ["refused_call", "{@Evil(1)}"],
    ["refused_access", "$a = {}\n{$a.__proto__}"],
    ["query_only", '{@Query("ci.runs", {})}'],
    ["action_only", "$a = 1\n{@Set($a, 2)}"],
    ["invalid_query", '$q = @Query("ci.runs", {branch: 1})'],
    ["unknown_query", '$q = @Query("nope", {})'],
    ["refused_action", "$a = 1\n$b = 2\n<Button action={@Set($a, $b)}>Go</Button>"],
    [
      "refused_binding",
      '$q = @Query("ci.runs", {branch: "main"})\n<Button action={@Set($q, 1)}>Go</Button>',
    ],
    ["budget_exceeded", "<Tag>x</Tag>".repeat(600)],
  ];
  it.each(cases)("reports %s", (code, source) => {
    expect(codes(source)).toContain(code);
  });

  it("covers every code, including invalid_syntax and unknown_catalog at evaluation", () => {
    const tampered = { ...compile("<Tag>x</Tag>"), nodes: [null] } as unknown as UiBlock;
    expect(evaluateUiBlock(tampered, new UiState(compile(""))).diagnostics[0]?.code).toBe(
      "invalid_syntax",
    );
    const other = { ...compile("<Tag>x</Tag>"), catalogVersion: 2 };
    const view = evaluateUiBlock(other, new UiState(other));
    expect(view.diagnostics[0]?.code).toBe("unknown_catalog");
    expect(view.nodes[0]).toMatchObject({
      id: "b:0",
      type: "Tag",
      error: "unknown_catalog",
      fallback: "x",
    });
  });

  it("draws a block of another catalog version as its text, node by node, keeping ids and types", () => {
    const source =
      '$n = 2\n<Summary>Current</Summary>\n<Stats><Stat label="Runs" value={$n + 1}/></Stats>\n<Callout tone="info" title="Note">Total {$n}, {$missing}.</Callout>\n<Choices><Choice>Go</Choice></Choices>';
    const block = { ...compile(source), catalogVersion: 2 };
    const view = evaluateUiBlock(block, new UiState(block));
    expect(
      view.nodes.map((node) => [
        node.id,
        node.type,
        node.error,
        node.fallback,
        node.children.length,
        node.interactive,
      ]),
    ).toEqual([
      ["b:7", "Summary", "unknown_catalog", "Current\n", 0, false],
      ["b:34", "Stats", "unknown_catalog", "Runs: 3\n", 0, false],
      ["b:85", "Callout", "unknown_catalog", "Note: Total 2, .\n", 0, false],
      ["b:153", "Choices", "unknown_catalog", "Go\n", 0, false],
    ]);
    expect(view.diagnostics.map((d) => [d.code, d.nodeId])).toEqual(
      view.nodes.map((node) => ["unknown_catalog", node.id]),
    );
    const stored = JSON.parse(JSON.stringify(block)) as UiBlock;
    expect(evaluateUiBlock(stored, new UiState(stored)).nodes.map((node) => node.fallback)).toEqual(
      view.nodes.map((node) => node.fallback),
    );
  });

  it("keeps neighbours of an unknown component and draws it as its fallback", () => {
    const block = compile('<Blink label="Hi">x</Blink><Tag>ok</Tag>');
    expect(block.nodes.map((n) => [n.type, n.error])).toEqual([
      ["Blink", "unknown_component"],
      ["Tag", undefined],
    ]);
    expect(block.fallback).toBe("Hi: x\nok");
  });

  it("stops a block at a malformed declaration", () => {
    const block = compile("$a = 1\n$ = 2\n<Tag>x</Tag>");
    expect(block.nodes).toEqual([]);
    expect(block.fallback).toBe(block.source);
    expect(block.variables.a?.default).toBe(1);
  });

  it("caps diagnostics at 20 and keeps the first declaration of a name", () => {
    expect(codes("<1>\n".repeat(40))).toHaveLength(20);
    expect(compile("$a = 1\n$a = 2").variables.a?.default).toBe(1);
  });

  it("refuses a ninth query with budget_exceeded", () => {
    const source = Array.from(
      { length: 9 },
      (_, i) => `$q${i} = @Query("ci.runs", {branch: "main"})`,
    ).join("\n");
    const block = compile(source);
    expect(Object.keys(block.queries)).toHaveLength(8);
    expect(block.diagnostics.map((d) => d.code)).toEqual(["budget_exceeded"]);
  });

  it("evaluates query args with the defaults and never reads a query", () => {
    const ok = compile('$b = "dev"\n$q = @Query("ci.runs", {branch: $b})');
    expect(ok.queries.q).toMatchObject({
      source: "ci.runs",
      definition: '@Query("ci.runs", {branch: $b})',
    });
    expect(
      codes('$q = @Query("ci.runs", {branch: "x"})\n$r = @Query("ci.runs", {branch: $q})'),
    ).toEqual(["invalid_query"]);
  });
});

describe("tags, props and text", () => {
  it("names nodes <blockId>:<offset> and blocks <id>:ui:<offset>", () => {
    const text = 'Intro\n```ui\n$a = 1\n<Callout tone="info">Hi {$a}</Callout>\n```\n';
    const [block] = compileUi(text, { id: "r", final: true, limits: ROOMY_LIMITS });
    expect(block?.id).toBe("r:ui:6");
    expect(ids(block?.nodes ?? [])).toEqual(["r:ui:6:7", "r:ui:6:28", "r:ui:6:31"]);
  });

  it("keeps whitespace without a line break and drops line-break runs", () => {
    const block = compile("<Tag>a</Tag> <Tag>b</Tag>\n<Tag>c</Tag>");
    expect(block.nodes.map((n) => n.text ?? n.type)).toEqual(["Tag", " ", "Tag", "Tag"]);
  });

  it("reads CodeBlock content literally", () => {
    const block = compile('<CodeBlock language="ts">if (a < b) { $x = "<Tag>" }</CodeBlock>');
    expect(block.diagnostics).toEqual([]);
    expect(block.nodes[0]?.children[0]).toMatchObject({
      id: "b:25",
      text: 'if (a < b) { $x = "<Tag>" }',
    });
  });

  it("decodes JSON escapes and refuses others", () => {
    expect(
      compile('<Callout tone="info" title="a\\"b\\u0041\\n">x</Callout>').nodes[0]?.props.title,
    ).toEqual({ value: 'a"bA\n' });
    expect(codes('<Callout tone="info" title="a\\qb">x</Callout>')).toContain("invalid_prop");
  });

  it("lets Each and Show pass their parent on", () => {
    const block = compile(
      '$l = [1, 2]\n<Checklist value={[]}><Each items={$l} as="v"><Item value={v}>{v}</Item></Each></Checklist>',
    );
    expect(block.diagnostics).toEqual([]);
  });

  it("closes inner tags with the outer closing tag", () => {
    const block = compile('<Callout tone="info"><Tag>x</Callout>');
    expect(block.diagnostics.map((d) => [d.code, d.nodeId])).toEqual([["unclosed_tag", "b:21"]]);
    expect(block.nodes[0]?.complete).toBe(true);
    expect(block.nodes[0]?.children[0]?.complete).toBe(false);
  });

  it("binds only a bare reference to a declared local", () => {
    const block = compile(
      '$on = true\n$q = @Query("ci.runs", {branch: "m"})\n<Switch value={$on}/><Switch value={!$on}/><Switch value={$q}/>',
    );
    expect(block.nodes.map((n) => n.binding)).toEqual(["on", undefined, undefined]);
  });

  it("requires an action on a complete Button and a constant in @Set", () => {
    expect(codes("<Button>Go</Button>")).toEqual(["invalid_props"]);
    expect(compile("$a = 1\n<Button action={@Set($a, -4)}>Go</Button>").nodes[0]?.action).toEqual({
      type: "set",
      name: "a",
      value: -4,
    });
    expect(compile("$a = 1\n<Button action={@Reset()}>Go</Button>").nodes[0]?.action).toEqual({
      type: "reset",
    });
    expect(codes('<Button action="@Reset()">Go</Button>')).toContain("refused_action");
    expect(codes("<Button action={@Reset($nope)}>Go</Button>")).toContain("refused_binding");
    expect(codes('$a = 1\n<Button action={@Set($a, "x")}>Go</Button>')).toEqual(["invalid_value"]);
  });

  it("lets text label a Switch, a Slider and every other component that holds no fixed children", () => {
    const block = compile(
      "$on = false\n$v = 3\n<Switch value={$on}>Notify me</Switch>\n<Slider value={$v} min={0} max={10}>Volume</Slider>\n" +
        '<Progress value={1}>Half</Progress>\n<Table rows={[{a: 1}]}><Column key="a">Amount</Column></Table>\n<Chart kind="bar" data={[]}>Empty</Chart>',
    );
    expect(block.diagnostics).toEqual([]);
    expect(
      block.nodes.map((node) => [
        node.type,
        node.binding,
        node.children.map((child) => child.text ?? child.type),
      ]),
    ).toEqual([
      ["Switch", "on", ["Notify me"]],
      ["Slider", "v", ["Volume"]],
      ["Progress", undefined, ["Half"]],
      ["Table", undefined, ["Column"]],
      ["Chart", undefined, ["Empty"]],
    ]);
    expect(block.fallback).toBe('Notify me\nVolume\nHalf\n[{"a":1}]\n[]');
    expect(codes('<Stats><Stat label="a" value={1}><Tag>x</Tag></Stat></Stats>')).toEqual([]);
    expect(codes("<Stats><Tag>x</Tag></Stats>")).toEqual(["invalid_child"]);
  });

  it("leaves an element with a malformed prop unopened: what follows stays its sibling and in the fallback", () => {
    const block = compile(
      '<Stats>\n<Stat label= >\n<Stat label="Passed" value={41}/>\n</Stats>\nAfter <Tag>t</Tag>',
    );
    expect(block.diagnostics.map((d) => [d.code, d.nodeId])).toEqual([["invalid_prop", "b:8"]]);
    const [stats] = block.nodes;
    expect(stats?.children.map((node) => [node.type, node.complete, node.children.length])).toEqual(
      [
        ["Stat", false, 0],
        ["Stat", true, 0],
      ],
    );
    expect(block.nodes.map((node) => node.type)).toEqual(["Stats", "text", "Tag"]);
    expect(block.fallback).toContain("Passed: 41\n");
    expect(block.fallback).toMatch(/After t$/);
    // A `<` ends a malformed tag where it stands; a bad value inside a tag closes nothing it did not open.
    const cut = compile(
      '<Callout tone=info title="x">Hello</Callout><Tag tone="info" <Tag>y</Tag>',
    );
    expect(cut.nodes.map((node) => [node.type, node.complete])).toEqual([
      ["Callout", false],
      ["text", true],
      ["Tag", false],
      ["Tag", true],
    ]);
    expect(cut.diagnostics.map((d) => d.code)).toEqual([
      "invalid_prop",
      "unmatched_tag",
      "invalid_prop",
    ]);
    expect(cut.fallback).toBe('x: \nHello<Tag tone="info" y');
  });

  it("checks at compile time only what resolves with the defaults, and a failed declaration once", () => {
    expect(
      codes(
        '$runs = @Query("ci.runs", {branch: "main"})\n<Table rows={$runs}><Column key="name"/></Table>\n<Show when={@Count($runs) > 0}>{$runs[0].name}</Show>',
      ),
    ).toEqual([]);
    expect(
      codes(
        '$l = [1, 0]\n<Each items={$l} as="d">{10 / d}<Slider value={d} min={1} max={5}/></Each>',
      ),
    ).toEqual([]);
    expect(codes("$a = 1 + 2\n<Tag>{$a}</Tag><Slider value={$a} min={0} max={1}/>")).toEqual([
      "invalid_default",
    ]);
    expect(codes('$q = @Query("nope", {})\n<Tag>{$q.x}</Tag>')).toEqual(["unknown_query"]);
    // What resolves is still checked: an undeclared name, a helper over constants, a Filter's own local.
    expect(codes("<Tag>{$nope}</Tag>")).toEqual(["refused_access"]);
    expect(codes('<Each items={[1]} as="d">{@Count(@Filter([1, 2], x, x))}</Each>')).toEqual([
      "invalid_value",
    ]);
    expect(codes("$l = [150]\n<Slider value={$l[0]} min={0} max={100}/>")).toEqual([
      "invalid_props",
    ]);
  });

  it("checks expression props with the defaults", () => {
    expect(codes("$v = 150\n<Slider value={$v} min={0} max={100}/>")).toEqual(["invalid_props"]);
    expect(codes('<Image attachment="a.png" generated="latest"/>')).toEqual(["invalid_props"]);
    expect(codes('<Sources><Source title="x" url="javascript:alert(1)"/></Sources>')).toEqual([
      "invalid_props",
    ]);
    expect(codes('<File path="a.ts" line="148"/>')).toEqual([]);
  });
});
