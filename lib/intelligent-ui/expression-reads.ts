import type { UiLocals } from "./expression-eval";
import type { UiExpr } from "./types";

function bindsLocal(locals: UiLocals | undefined, name: string): boolean {
  for (let scope = locals; scope !== undefined; scope = scope.parent) {
    if (scope.name === name) return true;
  }
  return false;
}

/**
 * Whether an expression reads what does not resolve at compile time: a variable named in
 * `unresolved` (query data, failed declarations) or a local an enclosing `Each` binds (`locals`).
 * A local an `@Filter` inside the expression binds resolves.
 */
export function readsUnresolved(
  expr: UiExpr,
  unresolved: ReadonlySet<string>,
  locals: UiLocals | undefined,
  bound: readonly string[] = [],
): boolean {
  const reads = (inner: UiExpr, names = bound): boolean =>
    readsUnresolved(inner, unresolved, locals, names);
  switch (expr.type) {
    case "literal":
      return false;
    case "variable":
      return unresolved.has(expr.name);
    case "local":
      return !bound.includes(expr.name) && bindsLocal(locals, expr.name);
    case "array":
      return expr.items.some((item) => reads(item));
    case "record":
      return expr.entries.some((entry) => reads(entry.value));
    case "member":
      return reads(expr.object);
    case "index":
      return reads(expr.object) || reads(expr.index);
    case "unary":
      return reads(expr.operand);
    case "binary":
      return reads(expr.left) || reads(expr.right);
    case "call": {
      const [list, local, predicate] = expr.args;
      if (
        expr.name === "Filter" &&
        local?.type === "local" &&
        list !== undefined &&
        predicate !== undefined
      ) {
        return reads(list) || reads(predicate, [...bound, local.name]);
      }
      return expr.args.some((arg) => reads(arg));
    }
  }
}
