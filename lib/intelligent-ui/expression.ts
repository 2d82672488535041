import { UiBudget } from "./budget";
import { evaluate } from "./expression-eval";
import { parseExpression } from "./expression-parse";
import { resolveUiLimits } from "./limits";
import { declaredName, submittedName } from "./names";
import type { UiExpr, UiLimits, UiValue } from "./types";
import { copyUiValue, isUiRecord } from "./values";

/** Parses one value expression (no `@Query`, `@Set` or `@Reset`); throws `UiFailure`. */
export function parseUiExpression(source: string, limits?: Partial<UiLimits>): UiExpr {
  return parseExpression(source, new UiBudget(resolveUiLimits(limits)));
}

/**
 * Evaluates an expression; `variables`, keyed by declared name (`{ "$n": 4 }`), are copied in
 * first, and a key without `$` is refused with `refused_binding`. Throws `UiFailure` with the
 * refusal's code.
 */
export function evaluateUiExpression(
  ast: UiExpr,
  variables: Record<string, unknown> = {},
  limits?: Partial<UiLimits>,
): UiValue {
  const budget = new UiBudget(resolveUiLimits(limits));
  const scope = copyUiValue(variables, budget);
  const values = isUiRecord(scope) ? scope : {};
  for (const key of Object.keys(values)) submittedName(key);
  return evaluate(ast, {
    budget,
    read: (name) =>
      Object.hasOwn(values, declaredName(name)) ? values[declaredName(name)] : undefined,
  });
}
