import { describe, expect, it } from "vitest";
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
  compileUi,
  compileUiBlock,
  UiCompiler,
  UiStream,
  type UiBlock,
  type UiClock,
  type UiNode,
} from "./index";

const querySchemas = { "ci.runs": z.strictObject({ branch: z.string() }) };
const options = { id: "r", querySchemas, limits: ROOMY_LIMITS, replyLimits: ROOMY_REPLY_LIMITS };

function ids(nodes: readonly UiNode[]): string[] {
  return nodes.flatMap((node) => [node.id, ...ids(node.children)]);
}

function blockIds(blocks: readonly UiBlock[]): Set<string> {
  return new Set(blocks.flatMap((block) => [block.id, ...ids(block.nodes)]));
}

const REPLIES = [
  fenced(RELEASE_BLOCK),
  fenced(
    TRIAGE_BLOCK,
    "Two blocks:\n",
    '\nand more\n```ui\n<Tag tone="info">second</Tag> <Tag>third</Tag>\n```\n',
  ),
  fenced(statsBlock(12)),
  fenced(
    '$a = {x: [1, 2]}\n<Callout tone="info" title="Still writing">Hello {$a.x[0]} and <Tag>t</Tag>\n<CodeBlock>x < y</CodeBlock></Callout>',
  ),
  // A malformed prop leaves its element unopened; a `<` ends the malformed tag where it stands.
  fenced(
    '$on = true\n<Stats>\n  <Stat label= >\n  <Stat label="B" value={2}/>\n</Stats>\n<Switch value={$on}>Notify <Tag>me</Tag></Switch>\n<Callout tone=info title="t">x</Callout><Tag tone="info" <Tag>y</Tag>',
  ),
];

describe("streaming", () => {
  it.each(REPLIES.map((reply, i) => [i, reply] as const))(
    "every prefix of reply %i compiles without throwing, ids a subset of the final ids",
    (_, reply) => {
      const final = blockIds(compileUi(reply, { ...options, final: true }));
      const compiler = new UiCompiler(options);
      for (let end = 0; end <= reply.length; end++) {
        const prefix = reply.slice(0, end);
        for (const blocks of [compileUi(prefix, options), compiler.compile(prefix)]) {
          for (const id of blockIds(blocks)) {
            if (!final.has(id))
              throw new Error(`prefix ${end} ${JSON.stringify(prefix.slice(-20))} made ${id}`);
          }
        }
      }
    },
  );

  it("streams the same final blocks through UiCompiler as one compile", () => {
    for (const reply of REPLIES) {
      const compiler = new UiCompiler(options);
      for (let end = 0; end < reply.length; end += 7) compiler.compile(reply.slice(0, end));
      expect(compiler.compile(reply)).toEqual(compileUi(reply, options));
      expect(compiler.compile(reply, true)).toEqual(compileUi(reply, { ...options, final: true }));
    }
  });

  const STREAMED = [
    ...REPLIES,
    fenced(statsBlock(40), "Numbers:\n", "\n"),
    fenced(
      '$n = 2\n<Stats>\n  <Stat label="A" value={$n} unit="ms"/>\n  <Stat label="B" value={"x"} bogus="1" label="again"/>\n  <Nope/>\n  <Stat label={"L" + $n} value={[$n]}/>\n  <Show when={$n > 1}><Stat label="C" value={3}/></Show>\n</Stats>\n<Callout title="t">open {$n} {[$n]} <Tag>x</Tag>\n<Stat label="D" value={$n}/>',
    ),
    // Tags cut off inside their props resume after the last complete prop: malformed and repeated props, quoted actions.
    fenced(
      '$n = 1\n<Button action="go" disabled={false}>Go</Button>\n<Button label="x" action={@Set($n, 2)} action={@Reset()}>B</Button>\n<Stats>\n  <Stat label="a\\q b" value={1} %bad x label = "d"  value={"}"} unit=\'u\\u0041\'/>\n  <Stat label value={2} tone="info"/>\n</Stats>\n<Nope a="1" b={$n + 1} c=d/>',
    ),
  ];

  // A step budget that runs out partway through most replies: resumed work must be charged as a fresh compile charges it.
  const tight = { ...options, limits: { ...ROOMY_LIMITS, steps: 700 } };

  it.each(STREAMED.map((reply, i) => [i, reply] as const))(
    "streams reply %i in deltas of 1, 7 and 53 characters to exactly the blocks of compiling each prefix afresh",
    (_, reply) => {
      for (const [step, settings] of [
        [1, options],
        [7, options],
        [53, options],
        [1, tight],
      ] as const) {
        const compiler = new UiCompiler(settings);
        const returned: [UiBlock[], string][] = [];
        for (let end = 0; end < reply.length + step; end += step) {
          const prefix = reply.slice(0, end);
          const blocks = compiler.compile(prefix);
          expect(blocks, `prefix ${end} in steps of ${step}`).toEqual(compileUi(prefix, settings));
          returned.push([blocks, JSON.stringify(blocks)]);
        }
        expect(compiler.compile(reply, true)).toEqual(
          compileUi(reply, { ...settings, final: true }),
        );
        // Resuming reuses earlier work but never changes a block it already returned.
        for (const [blocks, json] of returned) expect(JSON.stringify(blocks)).toBe(json);
      }
    },
  );

  it("charges a streaming block's nodes to the reply budget exactly, resumed or afresh", () => {
    const reply = fenced(statsBlock(30));
    const count = (nodes: readonly UiNode[]): number =>
      nodes.length + nodes.reduce((sum, node) => sum + count(node.children), 0);
    const refused = (blocks: UiBlock[]) =>
      blocks[0]?.diagnostics.some((d) => d.message.includes("nodes budget")) ?? false;
    for (let end = 40; end <= reply.length; end += 37) {
      const prefix = reply.slice(0, end);
      const nodes = count(compileUi(prefix, options)[0]?.nodes ?? []);
      for (const [limit, over] of [
        [nodes, false],
        [nodes - 1, true],
      ] as const) {
        const limited = { ...options, replyLimits: { ...ROOMY_REPLY_LIMITS, nodes: limit } };
        const compiler = new UiCompiler(limited);
        compiler.compile(reply.slice(0, end - 20));
        expect([refused(compileUi(prefix, limited)), refused(compiler.compile(prefix))]).toEqual([
          over,
          over,
        ]);
      }
    }
  });

  it("holds an unclosed quoted prop's text and draws open tags as incomplete nodes", () => {
    const [block] = compileUi('```ui\n<Callout tone="info" title="Still writ', options);
    expect(block?.complete).toBe(false);
    expect(block?.nodes[0]).toMatchObject({
      type: "Callout",
      complete: false,
      partial: true,
      props: { title: { value: "Still writ" } },
    });
    expect(block?.diagnostics).toEqual([]);
  });

  it("waits on a half-written name or expression, and reports them once final", () => {
    for (const source of ["<Callout tone={$a", "<Callout ti", "$a = [1,", "Total: {1 +"]) {
      expect(compileUiBlock(source, { id: "b", final: false }).diagnostics).toEqual([]);
    }
    expect(compileUiBlock("<Tag>{1 +", { id: "b" }).diagnostics.map((d) => d.code)).toEqual([
      "incomplete_expression",
      "unclosed_tag",
    ]);
  });

  it("resumes after malformed input at the next line or tag", () => {
    const block = compileUiBlock("<Tag>a</Tag> < oops <Tag>b</Tag>\n<1 broken\n<Tag>c</Tag>", {
      id: "b",
    });
    expect(block.nodes.filter((node) => node.type === "Tag")).toHaveLength(3);
    expect(block.diagnostics.map((d) => d.code)).toEqual(["invalid_tag", "invalid_tag"]);
  });

  it("treats a ui fence inside another code fence as code, and finds tilde and longer fences", () => {
    const text =
      "````md\n```ui\n<Tag>no</Tag>\n```\n````\n~~~ ui \n<Tag>yes</Tag>\n~~~\n`````ui\n<Tag>long</Tag>\n````\n`````";
    const blocks = compileUi(text, { ...options, final: true });
    expect(blocks.map((block) => block.fallback)).toEqual(["yes", "long\n````"]);
  });

  it("reuses the blocks of unchanged fences", () => {
    const compiler = new UiCompiler(options);
    const first = compiler.compile(fenced("<Tag>one</Tag>") + "\n```ui\n<Tag>tw");
    const second = compiler.compile(fenced("<Tag>one</Tag>") + "\n```ui\n<Tag>two</Tag>");
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
  });
});

class FakeClock implements UiClock {
  time = 0;
  timers: { at: number; run: () => void }[] = [];
  now(): number {
    return this.time;
  }
  setTimer(run: () => void, ms: number): unknown {
    const timer = { at: this.time + ms, run };
    this.timers.push(timer);
    return timer;
  }
  clearTimer(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer !== handle);
  }
  advance(ms: number): void {
    this.time += ms;
    for (const timer of this.timers.filter((t) => t.at <= this.time)) {
      this.clearTimer(timer);
      timer.run();
    }
  }
}

describe("UiStream", () => {
  it("compiles the first update at once, then at most every 250 ms, and finish cancels the pending preview", () => {
    const clock = new FakeClock();
    const previews: string[] = [];
    const stream = new UiStream({
      ...options,
      clock,
      onBlocks: (blocks) => previews.push(blocks[0]?.source ?? ""),
    });
    const reply = (text: string) => `\`\`\`ui\n${text}`;
    stream.update(reply("<Tag>a"));
    expect(previews).toEqual(["<Tag>a"]);
    clock.advance(100);
    stream.update(reply("<Tag>ab"));
    stream.update(reply("<Tag>abc"));
    expect(previews).toHaveLength(1);
    clock.advance(150);
    expect(previews).toEqual(["<Tag>a", "<Tag>abc"]);
    clock.advance(100);
    stream.update(reply("<Tag>abcd"));
    const final = stream.finish(reply("<Tag>abcd</Tag>"));
    expect(final[0]).toMatchObject({ complete: true, fallback: "abcd" });
    clock.advance(1_000);
    expect(previews).toHaveLength(2);
    stream.dispose();
    stream.update(reply("x"));
    expect(previews).toHaveLength(2);
  });
});
