import { describe, expect, it } from "vitest";
import { evaluateUiExpression, parseUiExpression, UiFailure, type UiValue } from "./index";

const variables = {
  $n: 14.159,
  $list: [1, 2, 3],
  $runs: [{ ms: 10 }, { ms: 5 }],
  $user: { name: "Ada" },
  $text: "héllo",
};

function run(source: string): UiValue {
  return evaluateUiExpression(parseUiExpression(source), variables);
}

function refusal(source: string): string | undefined {
  try {
    run(source);
  } catch (error) {
    if (error instanceof UiFailure) return error.code;
    throw error;
  }
  return undefined;
}

describe("expression semantics", () => {
  it.each([
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["-4 + +2", -2],
    ["7 % 4", 3],
    ["'a' + 1", "a1"],
    ["1 + 'b' + null", "1bnull"],
    ["0 || 'x'", "x"],
    ["'a' && 0", 0],
    ["!0", true],
    ["1 == 1", true],
    ["'1' == 1", false],
    ["[1] == [1]", false],
    ["$user == $user", false],
    ["$user != $user", true],
    ["2 >= 2 && 1 < 2", true],
    ["$user.name", "Ada"],
    ['$user["name"]', "Ada"],
    ["$list[1]", 2],
    ["{branch: 'main', 'n': 1}", { branch: "main", n: 1 }],
    ["@Count($list)", 3],
    ["@Count($text)", 5],
    ["@Filter($list, x, x > 1)", [2, 3]],
    ["@Sum($list)", 6],
    ['@Sum($runs, "ms")', 15],
    ["@Join($list)", "1, 2, 3"],
    ["@Join($list, '-')", "1-2-3"],
    ["@Round($n, 2)", 14.16],
    ["@Round(1.005, 2)", 1.01],
    ["@Round(2.5)", 3],
  ])("%s is %j", (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it("folds constants so they can be static props", () => {
    expect(parseUiExpression("[1, -2, {a: 'x'}]")).toEqual({
      type: "literal",
      value: [1, -2, { a: "x" }],
    });
  });
});

describe("expression refusals", () => {
  it.each([
    ["1 / 0", "invalid_value"],
    ["1 % 0", "invalid_value"],
    ["1e308 * 10", "invalid_value"],
    ["'a' < 'b'", "invalid_value"],
    ["[1] + 'a'", "invalid_value"],
    ["true + 1", "invalid_value"],
    ["$list.name", "invalid_value"],
    ["$user.__proto__", "refused_access"],
    ["$user.constructor", "refused_access"],
    ['$user["prototype"]', "refused_access"],
    ['$user["__pro" + "to__"]', "refused_access"],
    ["$user.missing", "refused_access"],
    ["$user.toString", "refused_access"],
    ["$list[9]", "refused_access"],
    ["$nope", "refused_access"],
    ["item", "refused_access"],
    ["{__proto__: 1}", "refused_access"],
    ["{a: 1, a: 2}", "invalid_expression"],
    ["f()", "invalid_expression"],
    ["$user.name()", "invalid_expression"],
    ["@Count()", "invalid_expression"],
    ["@Round(1, 2, 3)", "invalid_expression"],
    ["@Filter($list, 1, true)", "invalid_expression"],
    ["@Filter($list, x, x)", "invalid_value"],
    ["@Round(1, 7)", "invalid_value"],
    ["@Eval('1')", "refused_call"],
    ['@Query("x", {})', "query_only"],
    ["@Set($n, 1)", "action_only"],
    ["@Reset()", "action_only"],
    ["1 ? 2 : 3", "invalid_expression"],
    ["1 +", "incomplete_expression"],
    ["'open", "incomplete_expression"],
    ["'\\x'", "invalid_expression"],
    ["((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))", "budget_exceeded"],
  ])("%s is refused with %s", (source, code) => {
    expect(refusal(source)).toBe(code);
  });

  it("reads only own data fields of host values", () => {
    const inherited = Object.create({ secret: 1 }) as object;
    expect(() => evaluateUiExpression(parseUiExpression("$x.secret"), { $x: inherited })).toThrow(
      expect.objectContaining({ code: "invalid_value" }),
    );
  });

  it("takes variables by declared name and refuses a key without $", () => {
    expect(evaluateUiExpression(parseUiExpression("$n + 1"), { $n: 1 })).toBe(2);
    expect(() => evaluateUiExpression(parseUiExpression("$n + 1"), { n: 1 })).toThrow(
      expect.objectContaining({ code: "refused_binding" }),
    );
  });

  it("counts every step against the budget", () => {
    const ast = parseUiExpression("@Filter($big, x, @Count(@Filter($big, y, y == x)) > 0)");
    const big = Array.from({ length: 1_000 }, (_, i) => i);
    expect(() => evaluateUiExpression(ast, { $big: big })).toThrow(
      expect.objectContaining({ code: "budget_exceeded" }),
    );
  });
});
