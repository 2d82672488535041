import type { UiBudget } from "./budget";
import { UiFailure } from "./failure";
import { readQuoted } from "./quoted";

export type TokenKind = "number" | "string" | "name" | "variable" | "helper" | "punct" | "end";

export interface Token {
  kind: TokenKind;
  /** The operator or bracket for `punct`; the name without its sigil otherwise. */
  text: string;
  value?: number | string;
  start: number;
  end: number;
}

const PUNCTUATION = [
  "===",
  "!==",
  "==",
  "!=",
  "<=",
  ">=",
  "||",
  "&&",
  "<",
  ">",
  "+",
  "-",
  "*",
  "/",
  "%",
  "!",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  ".",
  ":",
];
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Splits expression text into tokens; every token and whitespace character is a step. */
export function scanExpression(source: string, budget: UiBudget): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (char === " " || char === "\t" || char === "\n" || char === "\r") {
      budget.step();
      i++;
      continue;
    }
    budget.step();
    const token = readToken(source, i, char, budget);
    tokens.push(token);
    i = token.end;
  }
  tokens.push({ kind: "end", text: "", start: source.length, end: source.length });
  return tokens;
}

function readToken(source: string, start: number, char: string, budget: UiBudget): Token {
  if (char === '"' || char === "'") {
    const quoted = readQuoted(source, start, char);
    if (quoted.invalidAt !== undefined)
      fail("invalid_expression", "Invalid string escape or line break.", start, quoted.end);
    if (!quoted.closed)
      fail("incomplete_expression", "The string is not closed.", start, source.length);
    budget.checkString(quoted.value);
    return { kind: "string", text: char, value: quoted.value, start, end: quoted.end };
  }
  if (char >= "0" && char <= "9") {
    const text = match(NUMBER, source, start) as string;
    return { kind: "number", text, value: Number(text), start, end: start + text.length };
  }
  if (char === "$" || char === "@") {
    const name = match(NAME, source, start + 1);
    if (name === undefined)
      fail("invalid_expression", `A name must follow ${char}.`, start, start + 1);
    const kind = char === "$" ? "variable" : "helper";
    return { kind, text: name, start, end: start + 1 + name.length };
  }
  const name = match(NAME, source, start);
  if (name !== undefined) return { kind: "name", text: name, start, end: start + name.length };
  const operator = PUNCTUATION.find((p) => source.startsWith(p, start));
  if (operator === undefined)
    fail("invalid_expression", `Unexpected character ${JSON.stringify(char)}.`, start, start + 1);
  return { kind: "punct", text: operator, start, end: start + operator.length };
}

function match(pattern: RegExp, source: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(source)?.[0];
}

export function fail(
  code:
    | "invalid_expression"
    | "incomplete_expression"
    | "refused_access"
    | "refused_call"
    | "query_only"
    | "action_only",
  message: string,
  start: number,
  end: number,
): never {
  throw new UiFailure(code, message, { start, end });
}
