import { report, reportFailure, type CompileContext } from "./compile-context";
import { evaluate } from "./expression-eval";
import { parseExpression, REFUSED_KEYS } from "./expression-parse";
import { UI_HOST_LIMITS } from "./limits";
import { readQuoted } from "./quoted";
import type { UiExpr } from "./types";

const DECLARATION = /\$([A-Za-z_][A-Za-z0-9_]*)[ \t]*=/y;
const UNFINISHED = /^\$[A-Za-z0-9_]*[ \t]*$/;
const OPENERS = "([{";
const CLOSERS = ")]}";

interface PendingQuery {
  name: string;
  call: Extract<UiExpr, { type: "call" }>;
  definition: string;
  start: number;
  end: number;
}

export interface DeclarationResult {
  /** Where the tags and text start. */
  bodyStart: number;
  /** A malformed declaration stopped the block. */
  stopped: boolean;
}

/** Reads the `$name = value` lines at the top of a block into `context.variables` and `queries`. */
export function compileDeclarations(context: CompileContext): DeclarationResult {
  const { source, budget } = context;
  const names = context.declared;
  const pending: PendingQuery[] = [];
  let position = 0;
  for (;;) {
    let start = position;
    while (start < source.length && /\s/.test(source[start] as string)) {
      budget.step();
      start++;
    }
    if (start >= source.length || source[start] !== "$") break;
    DECLARATION.lastIndex = start;
    const head = DECLARATION.exec(source);
    const lineEnd = source.indexOf("\n", start);
    if (head === null || REFUSED_KEYS.has(head[1] as string)) {
      if (!context.final && lineEnd < 0 && UNFINISHED.test(source.slice(start)))
        return { bodyStart: source.length, stopped: false };
      const end = lineEnd < 0 ? source.length : lineEnd;
      report(context, "invalid_declaration", "A declaration reads `$name = value`.", start, end);
      return { bodyStart: source.length, stopped: true };
    }
    const valueStart = start + head[0].length;
    const valueEnd = findValueEnd(source, valueStart);
    if (valueEnd < 0 && !context.final) return { bodyStart: source.length, stopped: false };
    const end = valueEnd < 0 ? source.length : valueEnd;
    const name = head[1] as string;
    const text = source.slice(valueStart, end);
    if (text.trim() === "") {
      report(context, "invalid_declaration", `$${name} has no value.`, start, end);
      return { bodyStart: source.length, stopped: true };
    }
    declare(context, { name, text, start, end, valueStart }, names, pending);
    position = Math.min(end + 1, source.length);
  }
  compileQueries(context, pending);
  return { bodyStart: position, stopped: false };
}

function declare(
  context: CompileContext,
  line: { name: string; text: string; start: number; end: number; valueStart: number },
  names: Set<string>,
  pending: PendingQuery[],
): void {
  const { name, start, end } = line;
  if (names.has(name)) {
    report(context, "duplicate_declaration", `$${name} is already declared.`, start, end);
    return;
  }
  let value: UiExpr;
  try {
    value = parseExpression(line.text, context.budget, "declaration");
  } catch (error) {
    reportDefaultFailure(context, error, line);
    return;
  } finally {
    names.add(name);
  }
  if (value.type === "call") {
    pending.push({ name, call: value, definition: line.text.trim(), start, end });
  } else if (value.type === "literal") {
    context.variables[name] = { name, default: value.value, start, end };
  } else {
    report(context, "invalid_default", `$${name} needs a constant default.`, start, end);
  }
}

function reportDefaultFailure(
  context: CompileContext,
  error: unknown,
  line: { start: number; end: number; valueStart: number },
): void {
  const code = (error as { code?: string }).code;
  if (code === "invalid_expression" || code === "incomplete_expression") {
    report(context, "invalid_default", "The default is not a constant.", line.start, line.end);
  } else {
    reportFailure(context, error, line.start, line.end, line.valueStart);
  }
}

/** The end of a value: the line break outside any bracket or string, or -1 while it is still open. */
function findValueEnd(source: string, start: number): number {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const char = source[i] as string;
    if (char === '"' || char === "'") {
      const quoted = readQuoted(source, i, char);
      if (!quoted.closed)
        return quoted.invalidAt === undefined ? -1 : source.indexOf("\n", quoted.end);
      i = quoted.end - 1;
    } else if (OPENERS.includes(char)) {
      depth++;
    } else if (CLOSERS.includes(char)) {
      depth = Math.max(0, depth - 1);
    } else if (char === "\n" && depth === 0) {
      return i;
    }
  }
  return -1;
}

function compileQueries(context: CompileContext, pending: PendingQuery[]): void {
  pending.forEach((query, index) => {
    if (index >= UI_HOST_LIMITS.queries) {
      report(
        context,
        "budget_exceeded",
        `A block declares at most ${UI_HOST_LIMITS.queries} queries.`,
        query.start,
        query.end,
      );
      return;
    }
    const problem = checkQuery(context, query);
    if (problem !== undefined) {
      report(context, problem[0], problem[1], query.start, query.end);
      return;
    }
    const [source, args = { type: "literal", value: {} }] = query.call.args as [
      { value: string },
      UiExpr?,
    ];
    context.queries[query.name] = {
      name: query.name,
      source: source.value,
      args,
      definition: query.definition,
      start: query.start,
      end: query.end,
    };
  });
}

function checkQuery(
  context: CompileContext,
  query: PendingQuery,
): ["invalid_query" | "unknown_query", string] | undefined {
  const [source, args, extra] = query.call.args;
  if (
    query.call.name !== "Query" ||
    source?.type !== "literal" ||
    typeof source.value !== "string" ||
    extra !== undefined
  ) {
    return ["invalid_query", '@Query reads @Query("source", {args}).'];
  }
  if (!Object.hasOwn(context.querySchemas, source.value))
    return ["unknown_query", `No source ${source.value} is registered.`];
  if (
    args !== undefined &&
    args.type !== "record" &&
    !(args.type === "literal" && isRecordLiteral(args.value))
  ) {
    return ["invalid_query", "The query's arguments are a record."];
  }
  let value;
  try {
    value =
      args === undefined
        ? {}
        : evaluate(args, {
            budget: context.budget,
            read: (name) =>
              Object.hasOwn(context.variables, name) ? context.variables[name]?.default : undefined,
          });
  } catch (error) {
    if ((error as { code?: string }).code === "budget_exceeded") throw error;
    return ["invalid_query", "The query's arguments read only local variables."];
  }
  const schema = context.querySchemas[source.value];
  if (schema === undefined || !schema.safeParse(value).success)
    return ["invalid_query", `The arguments do not fit ${source.value}.`];
  return undefined;
}

function isRecordLiteral(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
