import { UiBudget } from "./budget";
import { prepareCatalog, UI_CATALOG_VERSION } from "./catalog/components";
import { evaluateTree, type TreeContext } from "./evaluate-tree";
import { evaluate, type EvalContext } from "./expression-eval";
import { isUiFailure } from "./failure";
import { nodeFallback } from "./fallback";
import { resolveUiLimits } from "./limits";
import type { UiState } from "./state";
import type {
  UiBlock,
  UiDiagnostic,
  UiEvaluation,
  UiExpr,
  UiLimits,
  UiNode,
  UiValue,
  UiViewNode,
} from "./types";
import { displayUiScalar, isUiScalar } from "./values";
import { WARM_UP_LIMITS, warmUpOnce } from "./warm-up";

/** A whole-block failure: the block draws as its fallback. */
export function blockFailure(block: UiBlock, error: unknown): UiDiagnostic {
  const code =
    isUiFailure(error) && error.code === "budget_exceeded" ? "budget_exceeded" : "invalid_syntax";
  const message = error instanceof Error ? error.message : "The block could not be evaluated.";
  return {
    code,
    message,
    start: 0,
    end: typeof block?.source === "string" ? block.source.length : 0,
  };
}

/**
 * Evaluates a compiled block against a state: the view tree to draw and per-node diagnostics.
 * A block of another catalog version draws as its text: each top-level node an `unknown_catalog`
 * error node with its own fallback.
 */
export function evaluateUiBlock(
  block: UiBlock,
  state: UiState,
  limits?: Partial<UiLimits>,
): UiEvaluation {
  const resolved = resolveUiLimits(limits);
  prepareCatalog();
  try {
    // A page that only draws stored blocks never compiles; it warms up on the first block it draws.
    warmUpOnce("evaluate", () => evaluateWithin(block, state, resolveUiLimits(WARM_UP_LIMITS)));
    return evaluateWithin(block, state, resolved);
  } catch (error) {
    // A block read back from storage may be damaged: it draws as nothing rather than throwing.
    return { nodes: [], diagnostics: [blockFailure(block, error)] };
  }
}

/**
 * A node of another catalog version as text: its text runs and props, evaluated with the declared
 * defaults as a compile-time fallback is (a failing expression gives nothing), and its children,
 * through this catalog's fallback rules. No component is drawn: what they mean is unknown here.
 */
function staticFallback(node: UiNode, block: UiBlock, context: EvalContext, depth: number): string {
  context.budget.checkDepth(depth);
  if (node.type === "text") return textWithDefaults(node, context);
  const props: Record<string, UiValue> = {};
  for (const [name, prop] of Object.entries(node.props)) {
    context.budget.iterate();
    if ("value" in prop) props[name] = prop.value;
    else {
      const value = withDefaults(prop.expression, context);
      if (value !== undefined) props[name] = value;
    }
  }
  let children = "";
  for (const child of node.children) children += staticFallback(child, block, context, depth + 1);
  return nodeFallback(node.type, props, children, block.source.slice(node.start, node.end));
}

function textWithDefaults(node: UiNode, context: EvalContext): string {
  if (node.expression === undefined) return typeof node.text === "string" ? node.text : "";
  const value = withDefaults(node.expression, context);
  return value !== undefined && isUiScalar(value) ? displayUiScalar(value) : "";
}

/** An expression's value with the declared defaults, or undefined when it fails (out of budget excepted). */
function withDefaults(expression: UiExpr, context: EvalContext): UiValue | undefined {
  try {
    return evaluate(expression, context);
  } catch (error) {
    if (isUiFailure(error) && error.code === "budget_exceeded") throw error;
    return undefined;
  }
}

/** Every top-level node becomes an `unknown_catalog` error node that keeps its id, type and own fallback. */
function otherCatalog(block: UiBlock, resolved: UiLimits): UiEvaluation {
  const context: EvalContext = {
    budget: new UiBudget(resolved),
    read: (name) =>
      Object.hasOwn(block.variables, name) ? block.variables[name]?.default : undefined,
  };
  const message = `Catalog version ${block.catalogVersion} is not ${UI_CATALOG_VERSION}.`;
  const nodes: UiViewNode[] = block.nodes.map((node) => ({
    id: node.id,
    sourceId: node.id,
    type: node.type,
    props: {},
    children: [],
    complete: node.complete === true,
    error: "unknown_catalog",
    fallback: staticFallback(node, block, context, 1),
    interactive: false,
  }));
  const diagnostics: UiDiagnostic[] =
    nodes.length === 0
      ? [{ code: "unknown_catalog", message, start: 0, end: block.source.length, nodeId: block.id }]
      : block.nodes.map((node) => ({
          code: "unknown_catalog",
          message,
          start: node.start,
          end: node.end,
          nodeId: node.id,
        }));
  return { nodes, diagnostics: diagnostics.slice(0, resolved.diagnostics) };
}

function evaluateWithin(block: UiBlock, state: UiState, resolved: UiLimits): UiEvaluation {
  if (block.catalogVersion !== UI_CATALOG_VERSION) return otherCatalog(block, resolved);
  const context: TreeContext = {
    source: block.source,
    budget: new UiBudget(resolved),
    read: (name) => state.lookup(name),
    variables: block.variables,
    diagnostics: [],
    nodeIds: "view",
    state,
  };
  const nodes = evaluateTree(block.nodes, context);
  return { nodes, diagnostics: context.diagnostics.slice(0, resolved.diagnostics) };
}
