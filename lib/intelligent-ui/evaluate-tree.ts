import { findComponent } from "./catalog/components";
import type { UiBudget } from "./budget";
import { actionProblem, attachCallbacks } from "./evaluate-actions";
import { evaluate, type UiLocals } from "./expression-eval";
import { readsUnresolved } from "./expression-reads";
import { isUiFailure, UiFailure } from "./failure";
import { joinFallbacks, nodeFallback } from "./fallback";
import type { UiState } from "./state";
import type {
  UiDiagnostic,
  UiDiagnosticCode,
  UiExpr,
  UiNode,
  UiProp,
  UiValue,
  UiVariable,
  UiViewNode,
} from "./types";
import { displayUiScalar, isUiScalar } from "./values";

const RAW_FALLBACK_LIMIT = 1_024;

/** Views of sibling nodes, and their fallbacks joined. */
export interface EvaluatedList {
  views: UiViewNode[];
  text: string;
}

/** The evaluation of a list of sibling nodes, replayed with the same cost while its prefix is unchanged. */
interface Replay {
  nodes: readonly UiNode[];
  views: UiViewNode[];
  /** Running totals after each node, so a replayed prefix costs nothing to charge or join again. */
  totals: { steps: number; iterations: number; diagnostics: number; textLength: number }[];
  diagnostics: UiDiagnostic[];
  /** The fallbacks joined; a replayed prefix takes a slice of it rather than a chain of joins. */
  text: string;
}

export interface TreeContext {
  source: string;
  budget: UiBudget;
  read(name: string): UiValue | undefined;
  /** The block's local variables: a Button action is checked against them when it draws. */
  variables: Readonly<Record<string, UiVariable>>;
  diagnostics: UiDiagnostic[];
  /** Diagnostics name compiled ids (compile time) or view ids (draw time). */
  nodeIds: "source" | "view";
  /**
   * Compile time only: declared names that do not resolve with the defaults (queries, failed
   * declarations). An expression that reads one, or an `Each` local, is not reported until it draws.
   */
  unresolved?: ReadonlySet<string>;
  state?: UiState;
  /** Draw time: the budget ran out; the node that ran out is an error node and nothing more is drawn. */
  exhausted?: boolean;
  /** Compile-time only, keyed by a list's first node: a streaming block re-evaluates only its new tail. */
  memo?: WeakMap<UiNode, Replay>;
}

function sharedPrefix(before: readonly UiNode[], now: readonly UiNode[]): number {
  let count = 0;
  while (
    count < before.length &&
    count < now.length &&
    before[count] === now[count] &&
    now[count]?.complete
  )
    count++;
  return count;
}

export function evaluateTree(
  nodes: readonly UiNode[],
  context: TreeContext,
  locals?: UiLocals,
  suffix = "",
): UiViewNode[] {
  return evaluateList(nodes, context, locals, suffix).views;
}

export function evaluateList(
  nodes: readonly UiNode[],
  context: TreeContext,
  locals?: UiLocals,
  suffix = "",
): EvaluatedList {
  const { memo, budget, diagnostics } = context;
  const first = nodes[0];
  if (memo === undefined || locals !== undefined || first === undefined) {
    const views: UiViewNode[] = [];
    for (const node of nodes) {
      if (context.exhausted) break;
      views.push(evaluateNode(node, context, locals, suffix));
    }
    return { views, text: joinFallbacks(views) };
  }
  const previous = memo.get(first);
  const reused = previous === undefined ? 0 : sharedPrefix(previous.nodes, nodes);
  // A compiled node list is never changed once its compile returns, so it is kept as is.
  const replay: Replay = { nodes, views: [], totals: [], diagnostics: [], text: "" };
  let total: Replay["totals"][number] = { steps: 0, iterations: 0, diagnostics: 0, textLength: 0 };
  if (previous !== undefined && reused > 0) {
    total = previous.totals[reused - 1] as Replay["totals"][number];
    if (reused === previous.nodes.length) {
      // A streaming list usually only grows. The earlier replay is never read again (its entry is
      // replaced below, and a failed compile drops the whole memo), so its lists grow in place.
      replay.views = previous.views;
      replay.totals = previous.totals;
      replay.diagnostics = previous.diagnostics;
      replay.text = previous.text;
    } else {
      replay.views = previous.views.slice(0, reused);
      replay.totals = previous.totals.slice(0, reused);
      replay.diagnostics = previous.diagnostics.slice(0, total.diagnostics);
      replay.text = previous.text.slice(0, total.textLength);
    }
    budget.iterations += total.iterations;
    budget.step(total.steps);
    diagnostics.push(...replay.diagnostics);
  }
  for (let i = reused; i < nodes.length; i++) {
    const [steps, iterations, count] = [budget.steps, budget.iterations, diagnostics.length];
    const view = evaluateNode(nodes[i] as UiNode, context, locals, suffix);
    replay.views.push(view);
    for (let d = count; d < diagnostics.length; d++)
      replay.diagnostics.push(diagnostics[d] as UiDiagnostic);
    replay.text += view.fallback;
    total = {
      steps: total.steps + budget.steps - steps,
      iterations: total.iterations + budget.iterations - iterations,
      diagnostics: replay.diagnostics.length,
      textLength: replay.text.length,
    };
    replay.totals.push(total);
  }
  memo.set(first, replay);
  return replay;
}

/** Records a node's refusal; at compile time, only when what its expressions read resolves. */
function fail(
  context: TreeContext,
  node: UiNode,
  id: string,
  error: unknown,
  reads: readonly UiExpr[],
  locals: UiLocals | undefined,
): UiDiagnosticCode {
  if (!isUiFailure(error) || error.code === "budget_exceeded") throw error;
  const code = error.code as UiDiagnosticCode;
  const { unresolved } = context;
  if (unresolved !== undefined && reads.some((expr) => readsUnresolved(expr, unresolved, locals)))
    return code;
  const nodeId = context.nodeIds === "view" ? id : node.id;
  context.diagnostics.push({
    code,
    message: error.message,
    start: node.start,
    end: node.end,
    nodeId,
  });
  return code;
}

function computedExpressions(node: UiNode): UiExpr[] {
  return Object.values(node.props).flatMap((prop) =>
    "expression" in prop ? [prop.expression] : [],
  );
}

function evaluateText(
  node: UiNode,
  context: TreeContext,
  locals: UiLocals | undefined,
  id: string,
): UiViewNode {
  let text = node.text ?? "";
  let error = node.error;
  if (node.expression !== undefined && error === undefined) {
    try {
      const value = evaluate(node.expression, context, locals);
      if (!isUiScalar(value))
        throw new UiFailure("invalid_value", "Text shows a string, number, boolean or null.");
      text = displayUiScalar(value);
    } catch (caught) {
      error = fail(context, node, id, caught, [node.expression], locals);
    }
  }
  const view: UiViewNode = {
    id,
    sourceId: node.id,
    type: "text",
    props: {},
    text,
    children: [],
    complete: node.complete,
    fallback: text,
    interactive: false,
  };
  if (error !== undefined) view.error = error;
  return view;
}

/**
 * While drawing, a node that runs out of budget becomes a `budget_exceeded` error node and the
 * view stops there: what was drawn stays. While compiling, running out fails the whole block.
 */
function evaluateNode(
  node: UiNode,
  context: TreeContext,
  locals: UiLocals | undefined,
  suffix: string,
): UiViewNode {
  const id = node.id + suffix;
  if (context.nodeIds === "source") return drawNode(node, context, locals, id, suffix);
  try {
    return drawNode(node, context, locals, id, suffix);
  } catch (caught) {
    if (!isUiFailure(caught) || caught.code !== "budget_exceeded" || context.exhausted)
      throw caught;
    context.exhausted = true;
    context.diagnostics.push({
      code: "budget_exceeded",
      message: caught.message,
      start: node.start,
      end: node.end,
      nodeId: id,
    });
    const fallback = context.source.slice(node.start, node.end).slice(0, RAW_FALLBACK_LIMIT);
    return {
      id,
      sourceId: node.id,
      type: node.type,
      props: {},
      children: [],
      complete: node.complete,
      error: "budget_exceeded",
      fallback,
      interactive: false,
    };
  }
}

function drawNode(
  node: UiNode,
  context: TreeContext,
  locals: UiLocals | undefined,
  id: string,
  suffix: string,
): UiViewNode {
  // Copying the node's scope and props into its view is an iteration.
  context.budget.iterate();
  if (node.type === "text") return evaluateText(node, context, locals, id);
  const definition = findComponent(node.type);
  const props: Record<string, UiValue> = {};
  let error = node.error;
  let computed = false;
  for (const name of Object.keys(node.props)) {
    const prop = node.props[name] as UiProp;
    if ("value" in prop) {
      props[name] = prop.value;
      continue;
    }
    computed = true;
    try {
      props[name] = evaluate(prop.expression, context, locals);
    } catch (caught) {
      error ??= fail(context, node, id, caught, [prop.expression], locals);
    }
  }
  if (computed && error === undefined && definition !== undefined && node.partial === undefined) {
    const result = definition.schema.safeParse(props);
    if (!result.success) {
      const issue = result.error.issues[0];
      const failure = new UiFailure(
        "invalid_props",
        `${node.type} props: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim(),
      );
      error = fail(context, node, id, failure, computedExpressions(node), locals);
    }
  }
  const action = node.action;
  const refused =
    action === undefined || error !== undefined
      ? undefined
      : actionProblem(action, context.variables);
  if (refused !== undefined) error = fail(context, node, id, refused, [], locals);
  const children = evaluateChildren(node, props, error, context, locals, suffix);
  const raw = context.source.slice(node.start, node.end);
  const view: UiViewNode = {
    id,
    sourceId: node.id,
    type: node.type,
    props,
    children: children.views,
    complete: node.complete,
    fallback: nodeFallback(node.type, props, children.text, raw),
    interactive: false,
  };
  if (error !== undefined) view.error = error;
  if (node.binding !== undefined) view.binding = node.binding;
  if (action !== undefined && refused === undefined) view.action = action;
  const ready = node.complete && error === undefined && node.partial === undefined;
  view.interactive =
    ready && (node.binding !== undefined || (view.action !== undefined && props.disabled !== true));
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
): EvaluatedList {
  const joined: EvaluatedList = { views: [], text: "" };
  if (node.type === "Show")
    return error === undefined && props.when === true
      ? evaluateList(node.children, context, locals, suffix)
      : joined;
  if (node.type !== "Each") return evaluateList(node.children, context, locals, suffix);
  const items = props.items;
  const name = props.as;
  if (error !== undefined || !Array.isArray(items) || typeof name !== "string") return joined;
  // Each reserves all its iterations before it creates a child, so explosions stop early.
  context.budget.iterate(items.length);
  for (let index = 0; index < items.length && !context.exhausted; index++) {
    const item = evaluateList(
      node.children,
      context,
      { name, value: items[index] as UiValue, parent: locals },
      `${suffix}:${index}`,
    );
    joined.views.push(...item.views);
    joined.text += item.text;
  }
  return joined;
}
