import { componentProps, findComponent } from "./catalog/components";
import { report, type CompileContext } from "./compile-context";
import type { UiAction, UiDiagnosticCode, UiExpr, UiNode } from "./types";

const PASS_THROUGH = new Set(["Show", "Each"]);

export function isPassThrough(type: string): boolean {
  return PASS_THROUGH.has(type);
}

/** The nearest enclosing node that is not a Show or Each: the parent a rule looks at. */
function effectiveParent(stack: readonly UiNode[]): UiNode | undefined {
  for (let i = stack.length - 1; i >= 0; i--) {
    const node = stack[i] as UiNode;
    if (!isPassThrough(node.type)) return node;
  }
  return undefined;
}

/** Children a parent refuses without complaint: layout whitespace inside a container that holds only some components. */
export function dropsWhitespace(stack: readonly UiNode[]): boolean {
  const parent = effectiveParent(stack);
  return parent !== undefined && findComponent(parent.type)?.holds !== undefined;
}

/** Catalog, parent and child rules for a node about to join `stack`'s top. */
export function checkPlacement(
  context: CompileContext,
  node: UiNode,
  stack: readonly UiNode[],
): void {
  const code = placementProblem(node, stack);
  if (code === undefined) return;
  node.error = code;
  const messages: Record<string, string> = {
    unknown_component: `${node.type} is not in the catalog.`,
    invalid_parent: `${node.type} must sit directly in ${findComponent(node.type)?.parent}.`,
    invalid_child: `${effectiveParent(stack)?.type ?? "This component"} does not hold ${node.type}.`,
  };
  report(
    context,
    code,
    messages[code] ?? code,
    node.start,
    node.start + 1 + node.type.length,
    node.id,
  );
}

function placementProblem(node: UiNode, stack: readonly UiNode[]): UiDiagnosticCode | undefined {
  const definition = findComponent(node.type);
  if (node.type !== "text" && definition === undefined) return "unknown_component";
  const parent = effectiveParent(stack);
  if (definition?.parent !== undefined && parent?.type !== definition.parent)
    return "invalid_parent";
  const holds = parent === undefined ? undefined : findComponent(parent.type)?.holds;
  if (holds !== undefined && !isPassThrough(node.type) && !holds.includes(node.type))
    return "invalid_child";
  return undefined;
}

/** Whether a prop name belongs to the node's component (unknown components keep every prop). */
export function acceptsProp(type: string, prop: string): boolean {
  const definition = findComponent(type);
  return definition === undefined || componentProps(definition).includes(prop);
}

/** Checks constant props at once and records what a control binds; runs when the tag is written. */
export function checkOpenedTag(context: CompileContext, node: UiNode): void {
  const definition = findComponent(node.type);
  if (definition === undefined || node.error !== undefined) return;
  const valueProp = node.props.value;
  if (definition.binds && valueProp !== undefined && "expression" in valueProp) {
    const expr = valueProp.expression;
    if (expr.type === "variable" && Object.hasOwn(context.variables, expr.name))
      node.binding = expr.name;
  }
  const props: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(node.props)) {
    if (!("value" in prop)) return;
    props[key] = prop.value;
  }
  const result = definition.schema.safeParse(props);
  if (result.success) return;
  node.error = "invalid_props";
  const detail = result.error.issues[0];
  const where = detail && detail.path.length > 0 ? `${detail.path.join(".")}: ` : "";
  report(
    context,
    "invalid_props",
    `${node.type} props: ${where}${detail?.message ?? "invalid"}`,
    node.start,
    node.end,
    node.id,
  );
}

/** A complete Button without an action cannot do anything. */
export function checkClosedTag(context: CompileContext, node: UiNode): void {
  if (node.type !== "Button" || node.error !== undefined || node.action !== undefined) return;
  node.error = "invalid_props";
  report(context, "invalid_props", "A Button needs an action.", node.start, node.end, node.id);
}

/** Turns a parsed `action={...}` into a Button action, or names why it is refused. */
export function toAction(
  context: CompileContext,
  expr: UiExpr,
): UiAction | ["refused_action" | "refused_binding", string] {
  if (expr.type !== "call" || (expr.name !== "Set" && expr.name !== "Reset")) {
    return ["refused_action", "An action is @Set($local, constant), @Reset($local) or @Reset()."];
  }
  const [target, value, extra] = expr.args;
  if (expr.name === "Reset" && target === undefined) return { type: "reset" };
  if (
    target?.type !== "variable" ||
    extra !== undefined ||
    (expr.name === "Reset") !== (value === undefined)
  ) {
    return [
      "refused_action",
      `@${expr.name} takes a $local${expr.name === "Set" ? " and a constant" : ""}.`,
    ];
  }
  if (!Object.hasOwn(context.variables, target.name)) {
    return ["refused_binding", `$${target.name} is not a declared local variable.`];
  }
  if (value === undefined) return { type: "reset", name: target.name };
  if (value.type !== "literal") return ["refused_action", "@Set takes a constant value."];
  return { type: "set", name: target.name, value: value.value };
}
