import type { EvalContext, UiLocals } from "./expression-eval";
import { UiFailure } from "./failure";
import type { UiExpr, UiValue } from "./types";
import { isUiScalar, readField } from "./values";

type Evaluate = (expr: UiExpr, context: EvalContext, locals?: UiLocals) => UiValue;

/** Runs an `@Helper`; every item a helper loops over is an iteration. The evaluator is passed in, as it calls helpers. */
export function callHelper(
  name: string,
  args: UiExpr[],
  context: EvalContext,
  locals: UiLocals | undefined,
  evaluate: Evaluate,
): UiValue {
  if (name === "Filter") return filter(args, context, locals, evaluate);
  const values = args.map((arg) => evaluate(arg, context, locals));
  switch (name) {
    case "Count":
      return count(values[0] as UiValue);
    case "Sum":
      return sum(values, context);
    case "Join":
      return join(values, context);
    case "Round":
      return round(values);
    case "Query":
      throw new UiFailure("query_only", "@Query belongs in a declaration.");
    case "Set":
    case "Reset":
      throw new UiFailure("action_only", `@${name} belongs in a Button action.`);
    default:
      throw new UiFailure("refused_call", `@${name} is not a helper.`);
  }
}

function count(value: UiValue): number {
  if (typeof value === "string" || Array.isArray(value)) return value.length;
  throw new UiFailure("invalid_value", "@Count needs a list or a string.");
}

function list(value: UiValue, helper: string, context: EvalContext): UiValue[] {
  if (!Array.isArray(value)) throw new UiFailure("invalid_value", `@${helper} needs a list.`);
  context.budget.iterate(value.length);
  return value;
}

function filter(
  args: UiExpr[],
  context: EvalContext,
  locals: UiLocals | undefined,
  evaluate: Evaluate,
): UiValue {
  const items = list(evaluate(args[0] as UiExpr, context, locals), "Filter", context);
  const name = (args[1] as { name: string }).name;
  const predicate = args[2] as UiExpr;
  return items.filter((value) => {
    const keep = evaluate(predicate, context, { name, value, parent: locals });
    if (typeof keep !== "boolean")
      throw new UiFailure("invalid_value", "@Filter's predicate must give a boolean.");
    return keep;
  });
}

function sum(values: UiValue[], context: EvalContext): number {
  const items = list(values[0] as UiValue, "Sum", context);
  const field = values[1];
  if (field !== undefined && typeof field !== "string")
    throw new UiFailure("invalid_value", "@Sum's field is text.");
  let total = 0;
  for (const item of items) {
    const value = field === undefined ? item : readField(item, field);
    if (typeof value !== "number") throw new UiFailure("invalid_value", "@Sum adds numbers only.");
    total += value;
  }
  if (!Number.isFinite(total)) throw new UiFailure("invalid_value", "@Sum is not a finite number.");
  return total;
}

function join(values: UiValue[], context: EvalContext): string {
  const items = list(values[0] as UiValue, "Join", context);
  const separator = values[1] ?? ", ";
  if (typeof separator !== "string")
    throw new UiFailure("invalid_value", "@Join's separator is text.");
  if (!items.every(isUiScalar)) throw new UiFailure("invalid_value", "@Join joins scalars only.");
  return context.budget.checkString(items.join(separator));
}

function round(values: UiValue[]): number {
  const [value, digits = 0] = values;
  if (typeof value !== "number") throw new UiFailure("invalid_value", "@Round needs a number.");
  if (typeof digits !== "number" || !Number.isInteger(digits) || digits < 0 || digits > 6) {
    throw new UiFailure("invalid_value", "@Round's digits are a whole number 0..6.");
  }
  // Shifting through the decimal text avoids binary error: 1.005 rounds to 1.01, not 1.
  const shifted = /e/i.test(String(value)) ? value * 10 ** digits : Number(`${value}e${digits}`);
  const rounded = Number(`${Math.round(shifted)}e-${digits}`);
  return Object.is(rounded, -0) ? 0 : rounded;
}
