import { reportFailure, report, type CompileContext } from "./compile-context";
import { toAction } from "./compile-rules";
import { isUiFailure, UiFailure } from "./failure";
import { parseExpression, type ExpressionMode } from "./expression-parse";
import type { UiExpr, UiNode, UiProp } from "./types";
import { displayUiScalar, isUiScalar } from "./values";

function parseInto(
  context: CompileContext,
  node: UiNode,
  text: string,
  offset: number,
  mode: ExpressionMode,
): UiExpr | undefined {
  try {
    return parseExpression(text, context.budget, mode);
  } catch (error) {
    // Inside closed braces a cut-off expression is simply malformed.
    const failure =
      isUiFailure(error) && error.code === "incomplete_expression"
        ? new UiFailure("invalid_expression", error.message, {
            start: error.start ?? 0,
            end: error.end ?? text.length,
          })
        : error;
    node.error ??= reportFailure(context, failure, offset, offset + text.length, offset, node.id);
    return undefined;
  }
}

/** `{expression}` inside text: a constant scalar becomes text, anything else waits for a state. */
export function compileInline(
  context: CompileContext,
  node: UiNode,
  text: string,
  offset: number,
): void {
  const expr = parseInto(context, node, text, offset, "value");
  if (expr === undefined) return;
  if (expr.type !== "literal") {
    node.expression = expr;
  } else if (isUiScalar(expr.value)) {
    node.text = displayUiScalar(expr.value);
  } else {
    node.error = "invalid_value";
    report(
      context,
      "invalid_value",
      "Text shows a string, number, boolean or null.",
      node.start,
      node.end,
      node.id,
    );
  }
}

/** `name={expression}`: a constant becomes a static prop; a Button's action stays unevaluated. */
export function compileExpressionProp(
  context: CompileContext,
  node: UiNode,
  name: string,
  text: string,
  offset: number,
): UiProp | undefined {
  const isAction = node.type === "Button" && name === "action";
  const expr = parseInto(context, node, text, offset, isAction ? "action" : "value");
  if (expr === undefined) return undefined;
  if (isAction) {
    const action = toAction(context, expr);
    if (Array.isArray(action)) {
      node.error ??= action[0];
      report(context, action[0], action[1], offset, offset + text.length, node.id);
    } else {
      node.action = action;
    }
    return undefined;
  }
  return expr.type === "literal" ? { value: expr.value } : { expression: expr, source: text };
}
