import { report, type CompileContext } from "./compile-context";
import { compileExpressionProp } from "./compile-expressions";
import { acceptsProp } from "./compile-rules";
import { findClosingBrace, readQuoted } from "./quoted";
import type { UiDiagnosticCode, UiNode } from "./types";

const PROP_NAME = /[A-Za-z][A-Za-z0-9]*/y;
const SPACE = /[ \t\r\n]/;

/**
 * The last place in an unfinished tag where reading its props can resume once more text arrives,
 * with what the read had done by then: how many props it had stored and names it had seen.
 */
export interface PropsMark {
  position: number;
  steps: number;
  diagnostics: number;
  props: number;
  seen: number;
  error: UiDiagnosticCode | undefined;
  malformed: boolean;
}

/**
 * How an opening tag ended: `>` (open), `/>` (self), cut short by a malformed prop (the element
 * stays an incomplete node that is never opened), or the text ran out inside it.
 */
export type TagEnding =
  { kind: "open" | "self" | "malformed"; end: number } | { kind: "unfinished"; mark?: PropsMark };

/**
 * Reads props from `start` to the end of the opening tag, reporting and skipping malformed ones.
 * A resumed read passes the names it had seen, how many props it had stored and whether a prop
 * was malformed. A `<` ends a malformed tag where it stands: it starts the next tag.
 */
export function readProps(
  context: CompileContext,
  node: UiNode,
  start: number,
  seen = new Set<string>(),
  stored = 0,
  malformedBefore = false,
): TagEnding {
  const { source, budget } = context;
  let i = start;
  let mark: PropsMark | undefined;
  let stable = true;
  let malformed = malformedBefore;
  const invalid = (message: string, from: number, to: number): void => {
    malformed = true;
    report(context, "invalid_prop", message, from, to, node.id);
  };
  for (;;) {
    // A skip cut short by the end of the text would go further in a longer text: no resuming there.
    if (stable && !context.final)
      mark = {
        position: i,
        steps: budget.steps,
        diagnostics: context.diagnostics.length,
        props: stored,
        seen: seen.size,
        error: node.error,
        malformed,
      };
    stable = true;
    while (i < source.length && SPACE.test(source[i] as string)) {
      budget.step();
      i++;
    }
    const char = source[i];
    if (char === undefined) return { kind: "unfinished", mark };
    budget.step();
    if (char === ">") return { kind: malformed ? "malformed" : "open", end: i + 1 };
    if (char === "/" && source[i + 1] === ">")
      return { kind: malformed ? "malformed" : "self", end: i + 2 };
    if (char === "/" && i + 1 >= source.length) return { kind: "unfinished", mark };
    if (char === "<") {
      if (!malformed) invalid(`<${node.type}> is not finished before the next tag.`, i, i + 1);
      return { kind: "malformed", end: i };
    }
    PROP_NAME.lastIndex = i;
    const name = PROP_NAME.exec(source)?.[0];
    if (name === undefined) {
      invalid(`Unexpected ${JSON.stringify(char)} in <${node.type}>.`, i, i + 1);
      i = skipValue(source, i + 1);
      stable = i < source.length;
      continue;
    }
    let j = i + name.length;
    while (j < source.length && SPACE.test(source[j] as string)) j++;
    if (j >= source.length) return { kind: "unfinished", mark };
    if (source[j] !== "=") {
      invalid(`${name} needs a value: ${name}="text" or ${name}={expression}.`, i, j);
      i = j;
      continue;
    }
    j++;
    while (j < source.length && SPACE.test(source[j] as string)) j++;
    if (j >= source.length) return { kind: "unfinished", mark };
    const value = readValue(context, node, name, j);
    if (value.kind === "invalid") malformed = true;
    else if (admitProp(context, node, seen, name, i, value.end))
      stored += storeProp(context, node, name, value);
    if (value.kind === "unfinished" || (value.kind === "text" && value.unfinished))
      return { kind: "unfinished", mark };
    i = value.end;
    stable = value.kind !== "invalid" || i < source.length;
  }
}

type RawValue =
  | { kind: "text"; value: string; start: number; end: number; unfinished: boolean }
  | { kind: "expression"; text: string; start: number; end: number }
  | { kind: "invalid" | "unfinished"; end: number };

function readValue(context: CompileContext, node: UiNode, name: string, start: number): RawValue {
  const { source, final } = context;
  const opener = source[start] as string;
  if (opener === '"' || opener === "'") {
    const quoted = readQuoted(source, start, opener);
    if (quoted.invalidAt !== undefined) {
      report(
        context,
        "invalid_prop",
        `Invalid escape or line break in ${name}.`,
        quoted.invalidAt,
        quoted.invalidAt + 1,
        node.id,
      );
      return { kind: "invalid", end: skipValue(source, quoted.invalidAt) };
    }
    return {
      kind: "text",
      value: context.budget.checkString(quoted.value),
      start,
      end: quoted.end,
      unfinished: !quoted.closed,
    };
  }
  if (opener === "{") {
    const close = findClosingBrace(source, start);
    if (close >= 0)
      return {
        kind: "expression",
        text: source.slice(start + 1, close),
        start: start + 1,
        end: close + 1,
      };
    if (final)
      report(
        context,
        "incomplete_expression",
        `${name}={...} is not closed.`,
        start,
        source.length,
        node.id,
      );
    return { kind: "unfinished", end: source.length };
  }
  report(
    context,
    "invalid_prop",
    `${name} needs a quoted or braced value.`,
    start,
    start + 1,
    node.id,
  );
  return { kind: "invalid", end: skipValue(source, start) };
}

/** The first of a repeated prop wins; a prop the component does not have is dropped. */
function admitProp(
  context: CompileContext,
  node: UiNode,
  seen: Set<string>,
  name: string,
  start: number,
  end: number,
): boolean {
  if (seen.has(name)) {
    report(context, "duplicate_prop", `${name} is written twice.`, start, end, node.id);
    return false;
  }
  seen.add(name);
  if (acceptsProp(node.type, name)) return true;
  report(context, "refused_prop", `${node.type} has no prop ${name}.`, start, end, node.id);
  return false;
}

/** Returns how many props it stored: 0 or 1. */
function storeProp(context: CompileContext, node: UiNode, name: string, value: RawValue): number {
  if (value.kind === "expression") {
    const prop = compileExpressionProp(context, node, name, value.text, value.start);
    if (prop === undefined) return 0;
    node.props[name] = prop;
    return 1;
  }
  if (value.kind !== "text") return 0;
  if (node.type === "Button" && name === "action") {
    node.error ??= "refused_action";
    report(
      context,
      "refused_action",
      "An action is written as action={@Set(...)}.",
      value.start,
      value.end,
      node.id,
    );
    return 0;
  }
  node.props[name] = { value: value.value };
  return 1;
}

/** Skips a malformed value: up to whitespace, the end of the tag, or the next tag. */
function skipValue(source: string, from: number): number {
  let i = from;
  while (
    i < source.length &&
    !SPACE.test(source[i] as string) &&
    source[i] !== ">" &&
    source[i] !== "<" &&
    !source.startsWith("/>", i)
  )
    i++;
  return i;
}
