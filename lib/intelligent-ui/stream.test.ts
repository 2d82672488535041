import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fenced, RELEASE_BLOCK, ROOMY_LIMITS, statsBlock, TRIAGE_BLOCK } from "./fixtures";
import { compileUi, compileUiBlock, UiCompiler, UiStream, type UiBlock, type UiClock, type UiNode } from "./index";

const querySchemas = { "ci.runs": z.strictObject({ branch: z.string() }) };
const options = { id: "r", querySchemas, limits: ROOMY_LIMITS };

function ids(nodes: readonly UiNode[]): string[] {
  return nodes.flatMap((node) => [node.id, ...ids(node.children)]);
}

function blockIds(blocks: readonly UiBlock[]): Set<string> {
  return new Set(blocks.flatMap((block) => [block.id, ...ids(block.nodes)]));
}

const REPLIES = [
  fenced(RELEASE_BLOCK),
  fenced(TRIAGE_BLOCK, "Two blocks:\n", "\nand more\n```ui\n<Tag tone=\"info\">second</Tag> <Tag>third</Tag>\n```\n"),
  fenced(statsBlock(12)),
  fenced('$a = {x: [1, 2]}\n<Callout tone="info" title="Still writing">Hello {$a.x[0]} and <Tag>t</Tag>\n<CodeBlock>x < y</CodeBlock></Callout>'),
];

describe("streaming", () => {
  it.each(REPLIES.map((reply, i) => [i, reply] as const))("every prefix of reply %i compiles without throwing, ids a subset of the final ids", (_, reply) => {
    const final = blockIds(compileUi(reply, { ...options, final: true }));
    const compiler = new UiCompiler(options);
    for (let end = 0; end <= reply.length; end++) {
      const prefix = reply.slice(0, end);
      for (const blocks of [compileUi(prefix, options), compiler.compile(prefix)]) {
        for (const id of blockIds(blocks)) {
          if (!final.has(id)) throw new Error(`prefix ${end} ${JSON.stringify(prefix.slice(-20))} made ${id}`);
        }
      }
    }
  });

  it("streams the same final blocks through UiCompiler as one compile", () => {
    for (const reply of REPLIES) {
      const compiler = new UiCompiler(options);
      for (let end = 0; end < reply.length; end += 7) compiler.compile(reply.slice(0, end));
      expect(compiler.compile(reply)).toEqual(compileUi(reply, options));
      expect(compiler.compile(reply, true)).toEqual(compileUi(reply, { ...options, final: true }));
    }
  });

  it("holds an unclosed quoted prop's text and draws open tags as incomplete nodes", () => {
    const [block] = compileUi('```ui\n<Callout tone="info" title="Still writ', options);
    expect(block?.complete).toBe(false);
    expect(block?.nodes[0]).toMatchObject({ type: "Callout", complete: false, partial: true, props: { title: { value: "Still writ" } } });
    expect(block?.diagnostics).toEqual([]);
  });

  it("waits on a half-written name or expression, and reports them once final", () => {
    for (const source of ["<Callout tone={$a", "<Callout ti", "$a = [1,", "Total: {1 +"]) {
      expect(compileUiBlock(source, { id: "b", final: false }).diagnostics).toEqual([]);
    }
    expect(compileUiBlock("<Tag>{1 +", { id: "b" }).diagnostics.map((d) => d.code)).toEqual(["incomplete_expression", "unclosed_tag"]);
  });

  it("resumes after malformed input at the next line or tag", () => {
    const block = compileUiBlock("<Tag>a</Tag> < oops <Tag>b</Tag>\n<1 broken\n<Tag>c</Tag>", { id: "b" });
    expect(block.nodes.filter((node) => node.type === "Tag")).toHaveLength(3);
    expect(block.diagnostics.map((d) => d.code)).toEqual(["invalid_tag", "invalid_tag"]);
  });

  it("treats a ui fence inside another code fence as code, and finds tilde and longer fences", () => {
    const text = "````md\n```ui\n<Tag>no</Tag>\n```\n````\n~~~ ui \n<Tag>yes</Tag>\n~~~\n`````ui\n<Tag>long</Tag>\n````\n`````";
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
    const stream = new UiStream({ ...options, clock, onBlocks: (blocks) => previews.push(blocks[0]?.source ?? "") });
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
