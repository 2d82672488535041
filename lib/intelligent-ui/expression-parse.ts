import type { UiBudget } from "./budget";
import { fail, scanExpression, type Token } from "./expression-scan";
import type { UiBinaryOperator, UiExpr, UiUnaryOperator, UiValue } from "./types";
import { setOwn, type UiRecord } from "./values";

/** Where an expression stands decides which special calls it may make at its top. */
export type ExpressionMode = "value" | "declaration" | "action";

export const REFUSED_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

const HELPER_ARITY: Record<string, readonly [number, number]> = {
  Count: [1, 1],
  Filter: [3, 3],
  Sum: [1, 2],
  Join: [1, 2],
  Round: [1, 2],
};
const TOP_CALLS: Record<ExpressionMode, readonly string[]> = {
  value: [],
  declaration: ["Query"],
  action: ["Set", "Reset"],
};
const LEVELS: readonly (readonly string[])[] = [
  ["||"],
  ["&&"],
  ["==", "===", "!=", "!=="],
  ["<", "<=", ">", ">="],
  ["+", "-"],
  ["*", "/", "%"],
];

/** Parses expression text; throws `UiFailure` with a parse-time code and a span in `source`. */
export function parseExpression(
  source: string,
  budget: UiBudget,
  mode: ExpressionMode = "value",
): UiExpr {
  return new ExpressionParser(scanExpression(source, budget), budget, mode).parseTop();
}

class ExpressionParser {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly budget: UiBudget,
    private readonly mode: ExpressionMode,
  ) {}

  parseTop(): UiExpr {
    const first = this.peek();
    const special = first.kind === "helper" && TOP_CALLS[this.mode].includes(first.text);
    const expr = special ? this.parseCall(this.next(), true) : this.parseLevel(0);
    const rest = this.peek();
    if (rest.kind !== "end")
      fail("invalid_expression", `Unexpected ${rest.text || rest.kind}.`, rest.start, rest.end);
    return expr;
  }

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind === "end")
      fail("incomplete_expression", "The expression ends too early.", token.start, token.end);
    this.index++;
    return token;
  }

  private accept(text: string): boolean {
    const token = this.peek();
    if (token.kind !== "punct" || token.text !== text) return false;
    this.index++;
    return true;
  }

  private expect(text: string): void {
    const token = this.next();
    if (token.kind !== "punct" || token.text !== text)
      fail("invalid_expression", `Expected ${text}.`, token.start, token.end);
  }

  private nest<T>(parse: () => T): T {
    this.depth++;
    this.budget.checkDepth(this.depth);
    const result = parse();
    this.depth--;
    return result;
  }

  private parseLevel(level: number): UiExpr {
    const operators = LEVELS[level];
    if (operators === undefined) return this.parseUnary();
    let left = this.parseLevel(level + 1);
    for (;;) {
      const token = this.peek();
      if (token.kind !== "punct" || !operators.includes(token.text)) return left;
      this.index++;
      const right = this.parseLevel(level + 1);
      left = { type: "binary", operator: token.text as UiBinaryOperator, left, right };
    }
  }

  private parseUnary(): UiExpr {
    const token = this.peek();
    if (
      token.kind === "punct" &&
      (token.text === "!" || token.text === "-" || token.text === "+")
    ) {
      this.index++;
      const operand = this.nest(() => this.parseUnary());
      if (token.text !== "!" && operand.type === "literal" && typeof operand.value === "number") {
        return { type: "literal", value: token.text === "-" ? -operand.value : operand.value };
      }
      return { type: "unary", operator: token.text as UiUnaryOperator, operand };
    }
    return this.parsePostfix(this.parsePrimary());
  }

  private parsePostfix(target: UiExpr): UiExpr {
    let expr = target;
    for (;;) {
      const token = this.peek();
      if (this.accept(".")) {
        const name = this.next();
        if (name.kind !== "name")
          fail("invalid_expression", "Expected a field name.", name.start, name.end);
        expr = { type: "member", object: expr, key: checkKey(name.text, name) };
      } else if (this.accept("[")) {
        const index = this.nest(() => this.parseLevel(0));
        this.expect("]");
        expr =
          index.type === "literal" && typeof index.value === "string"
            ? { type: "member", object: expr, key: checkKey(index.value, token) }
            : { type: "index", object: expr, index };
      } else if (token.kind === "punct" && token.text === "(") {
        fail("invalid_expression", "Only @helpers can be called.", token.start, token.end);
      } else {
        return expr;
      }
    }
  }

  private parsePrimary(): UiExpr {
    const token = this.next();
    switch (token.kind) {
      case "number":
        return { type: "literal", value: token.value as number };
      case "string":
        return { type: "literal", value: token.value as string };
      case "variable":
        return { type: "variable", name: token.text };
      case "helper":
        return this.parseCall(token, false);
      case "name":
        if (token.text === "true" || token.text === "false")
          return { type: "literal", value: token.text === "true" };
        if (token.text === "null") return { type: "literal", value: null };
        return { type: "local", name: token.text };
      default:
        if (token.text === "(") return this.nest(() => this.parseGroup());
        if (token.text === "[") return this.nest(() => this.parseArray());
        if (token.text === "{") return this.nest(() => this.parseRecord());
        return fail("invalid_expression", `Unexpected ${token.text}.`, token.start, token.end);
    }
  }

  private parseGroup(): UiExpr {
    const expr = this.parseLevel(0);
    this.expect(")");
    return expr;
  }

  private parseList(close: string, parseItem: () => void): void {
    if (this.accept(close)) return;
    do parseItem();
    while (this.accept(","));
    this.expect(close);
  }

  private parseArray(): UiExpr {
    const items: UiExpr[] = [];
    this.parseList("]", () => items.push(this.parseLevel(0)));
    if (!items.every((item) => item.type === "literal")) return { type: "array", items };
    return { type: "literal", value: items.map((item) => (item as { value: UiValue }).value) };
  }

  private parseRecord(): UiExpr {
    const entries: { key: string; value: UiExpr }[] = [];
    this.parseList("}", () => {
      const keyToken = this.next();
      if (keyToken.kind !== "name" && keyToken.kind !== "string") {
        fail("invalid_expression", "Expected a record key.", keyToken.start, keyToken.end);
      }
      const key = checkKey(String(keyToken.value ?? keyToken.text), keyToken);
      if (entries.some((entry) => entry.key === key)) {
        fail("invalid_expression", `Duplicate key ${key}.`, keyToken.start, keyToken.end);
      }
      this.expect(":");
      entries.push({ key, value: this.parseLevel(0) });
    });
    if (!entries.every((entry) => entry.value.type === "literal"))
      return { type: "record", entries };
    const value: UiRecord = {};
    for (const entry of entries)
      setOwn(value, entry.key, (entry.value as { value: UiValue }).value);
    return { type: "literal", value };
  }

  private parseCall(token: Token, atTop: boolean): UiExpr {
    const name = token.text;
    if (!atTop) {
      if (name === "Query")
        fail("query_only", "@Query belongs in a declaration.", token.start, token.end);
      if (name === "Set" || name === "Reset")
        fail("action_only", `@${name} belongs in a Button action.`, token.start, token.end);
    }
    if (!atTop && !Object.hasOwn(HELPER_ARITY, name))
      fail("refused_call", `@${name} is not a helper.`, token.start, token.end);
    this.expect("(");
    const args: UiExpr[] = [];
    this.nest(() => this.parseList(")", () => args.push(this.parseLevel(0))));
    const arity = atTop ? undefined : HELPER_ARITY[name];
    if (arity !== undefined && (args.length < arity[0] || args.length > arity[1])) {
      fail(
        "invalid_expression",
        `@${name} takes ${arity[0]}..${arity[1]} arguments.`,
        token.start,
        token.end,
      );
    }
    if (name === "Filter" && args[1]?.type !== "local") {
      fail(
        "invalid_expression",
        "@Filter's second argument names the item.",
        token.start,
        token.end,
      );
    }
    return { type: "call", name, args };
  }
}

function checkKey(key: string, token: Token): string {
  if (REFUSED_KEYS.has(key))
    fail("refused_access", `The key ${key} is refused.`, token.start, token.end);
  return key;
}
