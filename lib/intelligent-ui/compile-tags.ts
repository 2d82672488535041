import { report, type CompileContext } from "./compile-context";
import { readProps, type PropsMark } from "./compile-props";
import { checkClosedTag, checkOpenedTag, checkPlacement, dropsWhitespace } from "./compile-rules";
import { compileInline } from "./compile-expressions";
import { UiBudget } from "./budget";
import { findClosingBrace } from "./quoted";
import type { UiNode, UiProp } from "./types";

const TAG_NAME = /[A-Za-z][A-Za-z0-9]*/y;
const CODE_END = /<\/CodeBlock\s*>/g;
const WHITESPACE = /^\s*$/;

/** Enough of the parser's state to continue from `position` when more text arrives. */
export interface ParseCheckpoint {
  position: number;
  roots: number;
  /** Open nodes as they were (their headers copied from `open`), with how many children each had. */
  stack: { open: UiNode; node: UiNode; children: number }[];
  diagnostics: number;
  nodes: number;
  steps: number;
  /** A tag cut off after some of its props: its node as it was then, the names it had seen, how many props it held, whether one was malformed. */
  tag?: { node: UiNode; seen: string[]; props: number; malformed: boolean };
}

interface OpeningTag {
  node: UiNode;
  seen: Set<string>;
  props: number;
  malformed: boolean;
}

/**
 * The first `count` props, added one by one as the parser adds them: a spread copy gets a shape of
 * its own, and the stores and reads that later meet it slowed every preview.
 */
function copyProps(props: Record<string, UiProp>, count: number): Record<string, UiProp> {
  const copy: Record<string, UiProp> = {};
  let copied = 0;
  for (const name in props) {
    if (copied++ === count) break;
    copy[name] = props[name] as UiProp;
  }
  return copy;
}

/** Reads tags, props and text into a node tree; resumable from a checkpoint while a block streams. */
export class TagParser {
  roots: UiNode[] = [];
  stack: UiNode[] = [];
  nodeCount = 0;
  checkpoint: ParseCheckpoint | undefined;
  private position: number;
  private resumedTag: OpeningTag | undefined;

  constructor(
    private readonly context: CompileContext,
    start: number,
  ) {
    this.position = start;
  }

  /** Continues after `checkpoint`; open nodes are copied so the earlier tree stays as it was. */
  static resume(
    context: CompileContext,
    checkpoint: ParseCheckpoint,
    roots: readonly UiNode[],
  ): TagParser {
    const parser = new TagParser(context, checkpoint.position);
    parser.roots = roots.slice(0, checkpoint.roots);
    let siblings = parser.roots;
    for (const frame of checkpoint.stack) {
      const node = { ...frame.node, children: frame.node.children.slice(0, frame.children) };
      siblings[siblings.length - 1] = node;
      parser.stack.push(node);
      siblings = node.children;
    }
    const tag = checkpoint.tag;
    if (tag !== undefined) {
      // Built as the parser builds a node, for the same reason as copyProps; its children are new, as the tag may open.
      const { id, type, start, end, complete, props, children: _children, ...rest } = tag.node;
      const node: UiNode = {
        id,
        type,
        start,
        end,
        complete,
        props: copyProps(props, Infinity),
        children: [],
      };
      Object.assign(node, rest);
      siblings[siblings.length - 1] = node;
      parser.resumedTag = {
        node,
        seen: new Set(tag.seen),
        props: tag.props,
        malformed: tag.malformed,
      };
    }
    parser.nodeCount = checkpoint.nodes;
    context.budget.steps = checkpoint.steps;
    return parser;
  }

  run(): void {
    const { source } = this.context;
    const tag = this.resumedTag;
    if (tag !== undefined) this.readOpening(tag.node, this.position, tag);
    while (this.position < source.length) {
      this.saveCheckpoint();
      const char = source[this.position];
      const advanced =
        char === "<" ? this.readTag() : char === "{" ? this.readInline() : this.readText();
      if (!advanced) break;
    }
    this.finish();
  }

  private saveCheckpoint(): void {
    const before = this.checkpoint?.stack;
    this.checkpoint = {
      position: this.position,
      roots: this.roots.length,
      // An open node does not change until it closes, so a header copied at an earlier checkpoint still holds.
      stack: this.stack.map((open, i) => {
        const frame = before?.[i];
        return {
          open,
          node: frame?.open === open ? frame.node : { ...open },
          children: open.children.length,
        };
      }),
      diagnostics: this.context.diagnostics.length,
      nodes: this.nodeCount,
      steps: this.context.budget.steps,
    };
  }

  /** Re-reading a long tag on every preview cost a third of a streamed block's parsing. */
  private saveTagCheckpoint(node: UiNode, mark: PropsMark, seen: Set<string>): void {
    this.saveCheckpoint();
    const copy: UiNode = { ...node, props: copyProps(node.props, mark.props), children: [] };
    // Only the unfinished last prop can have set an error since the mark (a Button's quoted action).
    if (copy.error !== mark.error) delete copy.error;
    Object.assign(this.checkpoint as ParseCheckpoint, {
      position: mark.position,
      diagnostics: mark.diagnostics,
      steps: mark.steps,
      tag: {
        node: copy,
        seen: [...seen].slice(0, mark.seen),
        props: mark.props,
        malformed: mark.malformed,
      },
    });
  }

  private siblings(): UiNode[] {
    return this.stack[this.stack.length - 1]?.children ?? this.roots;
  }

  private createNode(type: string, start: number): UiNode {
    const { budget, limits, blockId } = this.context;
    this.nodeCount++;
    budget.step();
    if (this.nodeCount > limits.nodes) throw UiBudget.exceeded("nodes");
    budget.checkDepth(this.stack.length + 1);
    const node: UiNode = {
      id: `${blockId}:${start}`,
      type,
      start,
      end: start,
      complete: false,
      props: {},
      children: [],
    };
    checkPlacement(this.context, node, this.stack);
    this.siblings().push(node);
    return node;
  }

  /** Skips malformed input up to the next line break or tag. */
  private recover(from: number): true {
    const { source } = this.context;
    let i = from;
    while (i < source.length && source[i] !== "\n" && source[i] !== "<") i++;
    this.context.budget.step(i - from);
    this.position = i;
    return true;
  }

  private readText(): boolean {
    const { source, final, budget } = this.context;
    const start = this.position;
    let end = start;
    while (end < source.length && source[end] !== "<" && source[end] !== "{") end++;
    const text = source.slice(start, end);
    budget.step(text.length);
    if (WHITESPACE.test(text)) {
      if (end === source.length && !final) return false;
      this.position = end;
      if (!text.includes("\n") && !dropsWhitespace(this.stack)) this.addText(text, start, end);
      return true;
    }
    this.position = end;
    this.addText(budget.checkString(text), start, end);
    return true;
  }

  private addText(text: string, start: number, end: number): void {
    const node = this.createNode("text", start);
    node.text = text;
    node.end = end;
    node.complete = true;
  }

  private readInline(): boolean {
    const { source, final } = this.context;
    const start = this.position;
    const close = findClosingBrace(source, start);
    if (close < 0) {
      if (!final) return false;
      report(
        this.context,
        "incomplete_expression",
        "The expression is not closed.",
        start,
        source.length,
      );
      this.position = source.length;
      return true;
    }
    const node = this.createNode("text", start);
    node.end = close + 1;
    node.complete = true;
    compileInline(this.context, node, source.slice(start + 1, close), start + 1);
    this.position = close + 1;
    return true;
  }

  private readTag(): boolean {
    const { source, final } = this.context;
    const start = this.position;
    const next = source[start + 1];
    if (next === "/") return this.readClosingTag();
    TAG_NAME.lastIndex = start + 1;
    const name = TAG_NAME.exec(source)?.[0];
    const after = start + 1 + (name?.length ?? 0);
    if (after >= source.length && !final) return false;
    if (name === undefined || !/[\s/>]/.test(source[after] ?? " ")) {
      report(
        this.context,
        "invalid_tag",
        "A tag name is a letter, then letters and digits.",
        start,
        after + 1,
      );
      return this.recover(start + 1);
    }
    this.context.budget.step();
    return this.readOpening(this.createNode(name, start), after);
  }

  /** The rest of an opening tag from `from`: its props, then whether it holds children. */
  private readOpening(node: UiNode, from: number, resumed?: Omit<OpeningTag, "node">): true {
    const { source, final } = this.context;
    const seen = resumed?.seen ?? new Set<string>();
    const ending = readProps(
      this.context,
      node,
      from,
      seen,
      resumed?.props ?? 0,
      resumed?.malformed ?? false,
    );
    if (ending.kind === "unfinished") {
      if (ending.mark !== undefined) this.saveTagCheckpoint(node, ending.mark, seen);
      node.partial = true;
      node.end = source.length;
      this.position = source.length;
      if (final)
        report(
          this.context,
          "unclosed_tag",
          `<${node.type}> is not finished.`,
          node.start,
          source.length,
          node.id,
        );
      return true;
    }
    node.end = ending.end;
    this.position = ending.end;
    if (ending.kind === "malformed") {
      // Never opened: what follows stays its sibling. Its props are not all there, so they are not checked.
      node.partial = true;
      return true;
    }
    checkOpenedTag(this.context, node);
    if (ending.kind === "self") {
      this.close(node, ending.end, true);
    } else {
      this.stack.push(node);
      if (node.type === "CodeBlock") this.readCode(node);
    }
    return true;
  }

  private readCode(node: UiNode): void {
    const { source, final } = this.context;
    const start = this.position;
    CODE_END.lastIndex = start;
    const match = CODE_END.exec(source);
    const end = match?.index ?? source.length;
    const text =
      match || final
        ? source.slice(start, end)
        : source.slice(start, end).replace(/<(\/(C(o(d(e(B(l(o(c(k)?)?)?)?)?)?)?)?)?)?$/, "");
    if (text.length > 0)
      this.addText(this.context.budget.checkString(text), start, start + text.length);
    if (match === null) {
      this.position = source.length;
      return;
    }
    this.position = end + match[0].length;
    this.stack.pop();
    this.close(node, this.position, true);
  }

  private readClosingTag(): boolean {
    const { source, final } = this.context;
    const start = this.position;
    TAG_NAME.lastIndex = start + 2;
    const name = TAG_NAME.exec(source)?.[0];
    let end = start + 2 + (name?.length ?? 0);
    while (end < source.length && /[ \t\r\n]/.test(source[end] as string)) end++;
    if (end >= source.length && !final) return false;
    if (name === undefined || source[end] !== ">") {
      report(
        this.context,
        "invalid_tag",
        "A closing tag reads </Name>.",
        start,
        Math.min(end + 1, source.length),
      );
      return this.recover(start + 1);
    }
    this.context.budget.step(end - start);
    this.position = end + 1;
    const index = this.stack.map((node) => node.type).lastIndexOf(name);
    if (index < 0) {
      report(this.context, "unmatched_tag", `</${name}> closes nothing.`, start, end + 1);
      return true;
    }
    for (let i = this.stack.length - 1; i > index; i--) {
      const inner = this.stack[i] as UiNode;
      report(
        this.context,
        "unclosed_tag",
        `<${inner.type}> is not closed before </${name}>.`,
        inner.start,
        start,
        inner.id,
      );
      this.close(inner, start, false);
    }
    this.close(this.stack[index] as UiNode, end + 1, true);
    this.stack.length = index;
    return true;
  }

  private close(node: UiNode, end: number, complete: boolean): void {
    node.end = end;
    node.complete = complete;
    if (complete) checkClosedTag(this.context, node);
  }

  /** Whatever is still open: incomplete while streaming, reported once the block is final. */
  private finish(): void {
    const { source, final } = this.context;
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const node = this.stack[i] as UiNode;
      if (final)
        report(
          this.context,
          "unclosed_tag",
          `<${node.type}> is not closed.`,
          node.start,
          source.length,
          node.id,
        );
      this.close(node, source.length, false);
    }
  }
}
