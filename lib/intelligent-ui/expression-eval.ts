import type { UiBudget } from "./budget";
import { callHelper } from "./expression-helpers";
import { UiFailure } from "./failure";
import type { UiBinaryOperator, UiExpr, UiValue } from "./types";
import { isUiScalar, readField, setOwn, type UiRecord } from "./values";

/** Names bound by `Each` or an `@Filter` predicate, innermost first. */
export interface UiLocals {
  name: string;
  value: UiValue;
  parent?: UiLocals;
}

export interface EvalContext {
  /** A variable or loaded query value by compiled name (without `$`); undefined when undeclared or not loaded. */
  read(name: string): UiValue | undefined;
  budget: UiBudget;
}

export function evaluate(expr: UiExpr, context: EvalContext, locals?: UiLocals): UiValue {
  context.budget.step();
  switch (expr.type) {
    case "literal":
      return expr.value;
    case "array":
      return expr.items.map((item) => evaluate(item, context, locals));
    case "record": {
      const record: UiRecord = {};
      for (const entry of expr.entries)
        setOwn(record, entry.key, evaluate(entry.value, context, locals));
      return record;
    }
    case "variable": {
      const value = context.read(expr.name);
      if (value === undefined)
        throw new UiFailure(
          "refused_access",
          `$${expr.name} has no value: it is not declared, or its query is not loaded yet.`,
        );
      return value;
    }
    case "local":
      return readLocal(expr.name, locals);
    case "member":
      return readField(evaluate(expr.object, context, locals), expr.key);
    case "index":
      return readIndex(
        evaluate(expr.object, context, locals),
        evaluate(expr.index, context, locals),
      );
    case "unary":
      return applyUnary(expr.operator, evaluate(expr.operand, context, locals));
    case "binary":
      return applyBinary(expr, context, locals);
    case "call":
      return callHelper(expr.name, expr.args, context, locals, evaluate);
  }
}

function readLocal(name: string, locals: UiLocals | undefined): UiValue {
  for (let scope = locals; scope !== undefined; scope = scope.parent) {
    if (scope.name === name) return scope.value;
  }
  throw new UiFailure("refused_access", `${name} is not defined here.`);
}

function readIndex(target: UiValue, index: UiValue): UiValue {
  if (typeof index === "string") return readField(target, index);
  if (!Array.isArray(target))
    throw new UiFailure("invalid_value", "Only a list has numbered items.");
  if (typeof index !== "number" || !Number.isInteger(index)) {
    throw new UiFailure("invalid_value", "A list index is a whole number.");
  }
  if (index < 0 || index >= target.length)
    throw new UiFailure("refused_access", `The list has no item ${index}.`);
  return target[index] as UiValue;
}

function applyUnary(operator: string, value: UiValue): UiValue {
  if (operator === "!") return !isTruthy(value);
  if (typeof value !== "number")
    throw new UiFailure("invalid_value", `${operator} needs a number.`);
  return operator === "-" ? -value : value;
}

function isTruthy(value: UiValue): boolean {
  return value !== null && value !== false && value !== 0 && value !== "";
}

function applyBinary(
  expr: Extract<UiExpr, { type: "binary" }>,
  context: EvalContext,
  locals?: UiLocals,
): UiValue {
  const left = evaluate(expr.left, context, locals);
  if (expr.operator === "||") return isTruthy(left) ? left : evaluate(expr.right, context, locals);
  if (expr.operator === "&&") return isTruthy(left) ? evaluate(expr.right, context, locals) : left;
  const right = evaluate(expr.right, context, locals);
  return combine(expr.operator, left, right, context.budget);
}

function combine(
  operator: UiBinaryOperator,
  left: UiValue,
  right: UiValue,
  budget: UiBudget,
): UiValue {
  switch (operator) {
    case "==":
    case "===":
      return isUiScalar(left) && left === right;
    case "!=":
    case "!==":
      return !(isUiScalar(left) && left === right);
    case "+":
      if (typeof left === "string" || typeof right === "string") {
        if (!isUiScalar(left) || !isUiScalar(right))
          throw new UiFailure("invalid_value", "+ joins scalars only.");
        return budget.checkString(String(left) + String(right));
      }
      return arithmetic(operator, left, right);
    default:
      return arithmetic(operator, left, right);
  }
}

function arithmetic(operator: UiBinaryOperator, left: UiValue, right: UiValue): UiValue {
  if (typeof left !== "number" || typeof right !== "number") {
    throw new UiFailure("invalid_value", `${operator} needs numbers.`);
  }
  const result = compute(operator, left, right);
  if (typeof result === "number" && !Number.isFinite(result)) {
    throw new UiFailure("invalid_value", `${left} ${operator} ${right} is not a finite number.`);
  }
  return result;
}

function compute(operator: UiBinaryOperator, a: number, b: number): number | boolean {
  switch (operator) {
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    case ">=":
      return a >= b;
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      return a / b;
    default:
      return a % b;
  }
}
