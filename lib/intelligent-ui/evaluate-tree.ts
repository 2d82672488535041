import { findComponent } from "./catalog/components";
import type { UiBudget } from "./budget";
import { evaluate, type UiLocals } from "./expression-eval";
import { isUiFailure, UiFailure } from "./failure";
import { nodeFallback } from "./fallback";
import type { UiState } from "./state";
import type { UiDiagnostic, UiDiagnosticCode, UiNode, UiValue, UiViewNode } from "./types";
import { copyUiValue, displayUiScalar, isUiScalar } from "./values";

/** The evaluation of a list of sibling nodes, replayed with the same cost while its prefix is unchanged. */
interface Replay {
  nodes: UiNode[];
  views: UiViewNode[];
  /** Running totals after each node. */
  steps: number[];
  iterations: number[];
  diagnosticCounts: number[];
  diagnostics: UiDiagnostic[];
}

export interface TreeContext {
  source: string;
  budget: UiBudget;
  read(name: string): UiValue | undefined;
  diagnostics: UiDiagnostic[];
  /** Diagnostics name compiled ids (compile time) or view ids (draw time). */
  nodeIds: "source" | "view";
  state?: UiState;
  /** Compile-time only, keyed by a list's first node: a streaming block re-evaluates only its new tail. */
  memo?: WeakMap<UiNode, Replay>;
}

function sharedPrefix(before: readonly UiNode[], now: readonly UiNode[]): number {
  let count = 0;
  while (count < before.length && count < now.length && before[count] === now[count] && now[count]?.complete) count++;
  return count;
}

export function evaluateTree(nodes: readonly UiNode[], context: TreeContext, locals?: UiLocals, suffix = ""): UiViewNode[] {
  const { memo, budget, diagnostics } = context;
  const first = nodes[0];
  if (memo === undefined || locals !== undefined || first === undefined) return nodes.map((node) => evaluateNode(node, context, locals, suffix));
  const previous = memo.get(first);
  const reused = previous === undefined ? 0 : sharedPrefix(previous.nodes, nodes);
  const replay: Replay = { nodes: nodes.slice(), views: [], steps: [], iterations: [], diagnosticCounts: [], diagnostics: [] };
  if (previous !== undefined && reused > 0) {
    replay.views = previous.views.slice(0, reused);
    replay.steps = previous.steps.slice(0, reused);
    replay.iterations = previous.iterations.slice(0, reused);
    replay.diagnosticCounts = previous.diagnosticCounts.slice(0, reused);
    replay.diagnostics = previous.diagnostics.slice(0, replay.diagnosticCounts[reused - 1]);
    budget.iterations += replay.iterations[reused - 1] as number;
    budget.step(replay.steps[reused - 1]);
    diagnostics.push(...replay.diagnostics);
  }
  for (let i = reused; i < nodes.length; i++) {
    const [steps, iterations, count] = [budget.steps, budget.iterations, diagnostics.length];
    replay.views.push(evaluateNode(nodes[i] as UiNode, context, locals, suffix));
    replay.diagnostics.push(...diagnostics.slice(count));
    replay.steps.push((replay.steps[i - 1] ?? 0) + budget.steps - steps);
    replay.iterations.push((replay.iterations[i - 1] ?? 0) + budget.iterations - iterations);
    replay.diagnosticCounts.push(replay.diagnostics.length);
  }
  memo.set(first, replay);
  return replay.views;
}

function fail(context: TreeContext, node: UiNode, id: string, error: unknown): UiDiagnosticCode {
  if (!isUiFailure(error) || error.code === "budget_exceeded") throw error;
  const code = error.code as UiDiagnosticCode;
  const nodeId = context.nodeIds === "view" ? id : node.id;
  context.diagnostics.push({ code, message: error.message, start: node.start, end: node.end, nodeId });
  return code;
}

function evaluateText(node: UiNode, context: TreeContext, locals: UiLocals | undefined, id: string): UiViewNode {
  let text = node.text ?? "";
  let error = node.error;
  if (node.expression !== undefined && error === undefined) {
    try {
      const value = evaluate(node.expression, context, locals);
      if (!isUiScalar(value)) throw new UiFailure("invalid_value", "Text shows a string, number, boolean or null.");
      text = displayUiScalar(value);
    } catch (caught) {
      error = fail(context, node, id, caught);
    }
  }
  const view: UiViewNode = { id, sourceId: node.id, type: "text", props: {}, text, children: [], complete: node.complete, fallback: text, interactive: false };
  if (error !== undefined) view.error = error;
  return view;
}

function evaluateNode(node: UiNode, context: TreeContext, locals: UiLocals | undefined, suffix: string): UiViewNode {
  const id = node.id + suffix;
  context.budget.step();
  if (node.type === "text") return evaluateText(node, context, locals, id);
  const definition = findComponent(node.type);
  const props: Record<string, UiValue> = {};
  let error = node.error;
  let computed = false;
  for (const [name, prop] of Object.entries(node.props)) {
    if ("value" in prop) {
      props[name] = prop.value;
      continue;
    }
    computed = true;
    try {
      props[name] = evaluate(prop.expression, context, locals);
    } catch (caught) {
      error ??= fail(context, node, id, caught);
    }
  }
  if (computed && error === undefined && definition !== undefined && node.partial === undefined) {
    const result = definition.schema.safeParse(props);
    if (!result.success) {
      const issue = result.error.issues[0];
      error = fail(context, node, id, new UiFailure("invalid_props", `${node.type} props: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim()));
    }
  }
  const children = evaluateChildren(node, props, error, context, locals, suffix);
  const raw = context.source.slice(node.start, node.end);
  const view: UiViewNode = {
    id, sourceId: node.id, type: node.type, props, children, complete: node.complete,
    fallback: nodeFallback(node.type, props, children, raw), interactive: false,
  };
  if (error !== undefined) view.error = error;
  if (node.binding !== undefined) view.binding = node.binding;
  if (node.action !== undefined) view.action = node.action;
  const ready = node.complete && error === undefined && node.partial === undefined;
  view.interactive = ready && (node.binding !== undefined || (node.action !== undefined && props.disabled !== true));
  if (context.state !== undefined) attachCallbacks(view, context.state);
  return view;
}

function evaluateChildren(
  node: UiNode,
  props: Record<string, UiValue>,
  error: UiDiagnosticCode | undefined,
  context: TreeContext,
  locals: UiLocals | undefined,
  suffix: string,
): UiViewNode[] {
  if (node.type === "Show") return error === undefined && props.when === true ? evaluateTree(node.children, context, locals, suffix) : [];
  if (node.type !== "Each") return evaluateTree(node.children, context, locals, suffix);
  const items = props.items;
  const name = props.as;
  if (error !== undefined || !Array.isArray(items) || typeof name !== "string") return [];
  // Each reserves all its iterations before it creates a child, so explosions stop early.
  context.budget.iterate(items.length);
  const views: UiViewNode[] = [];
  items.forEach((value, index) => {
    views.push(...evaluateTree(node.children, context, { name, value, parent: locals }, `${suffix}:${index}`));
  });
  return views;
}

/** Callbacks act only on an interactive node, and a control only with a value its schema accepts. */
function attachCallbacks(view: UiViewNode, state: UiState): void {
  const binding = view.binding;
  const action = view.action;
  if (binding !== undefined) {
    view.change = (value) => {
      if (!view.interactive) return false;
      try {
        const copy = copyUiValue(value);
        if (findComponent(view.type)?.schema.safeParse({ ...view.props, value: copy }).success !== true) return false;
        state.set(binding, copy);
        return true;
      } catch (caught) {
        if (isUiFailure(caught)) return false;
        throw caught;
      }
    };
  }
  if (action !== undefined) {
    view.press = () => {
      if (!view.interactive) return false;
      try {
        state.run(action);
        return true;
      } catch (caught) {
        if (isUiFailure(caught)) return false;
        throw caught;
      }
    };
  }
}
