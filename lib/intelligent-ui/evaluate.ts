import { UiBudget } from "./budget";
import { prepareCatalog, UI_CATALOG_VERSION } from "./catalog/components";
import { evaluateTree, type TreeContext } from "./evaluate-tree";
import { isUiFailure } from "./failure";
import { resolveUiLimits } from "./limits";
import type { UiState } from "./state";
import type { UiBlock, UiDiagnostic, UiEvaluation, UiLimits } from "./types";
import { WARM_UP_LIMITS, warmUpOnce } from "./warm-up";

/** A whole-block failure: the block draws as its fallback. */
export function blockFailure(block: UiBlock, error: unknown): UiDiagnostic {
  const code = isUiFailure(error) && error.code === "budget_exceeded" ? "budget_exceeded" : "invalid_syntax";
  const message = error instanceof Error ? error.message : "The block could not be evaluated.";
  return { code, message, start: 0, end: typeof block?.source === "string" ? block.source.length : 0 };
}

/**
 * Evaluates a compiled block against a state: the view tree to draw and per-node diagnostics.
 * A block of another catalog version draws as one text node holding its fallback.
 */
export function evaluateUiBlock(block: UiBlock, state: UiState, limits?: Partial<UiLimits>): UiEvaluation {
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

function evaluateWithin(block: UiBlock, state: UiState, resolved: UiLimits): UiEvaluation {
  if (block.catalogVersion !== UI_CATALOG_VERSION) {
    const diagnostic: UiDiagnostic = { code: "unknown_catalog", message: `Catalog version ${block.catalogVersion} is not ${UI_CATALOG_VERSION}.`, start: 0, end: block.source.length, nodeId: block.id };
    const fallback = typeof block.fallback === "string" ? block.fallback : "";
    return {
      nodes: [{ id: block.id, sourceId: block.id, type: "text", props: {}, text: fallback, children: [], complete: true, error: "unknown_catalog", fallback, interactive: false }],
      diagnostics: [diagnostic],
    };
  }
  const context: TreeContext = {
    source: block.source,
    budget: new UiBudget(resolved),
    read: (name) => state.read(name),
    diagnostics: [],
    nodeIds: "view",
    state,
  };
  const nodes = evaluateTree(block.nodes, context);
  return { nodes, diagnostics: context.diagnostics.slice(0, resolved.diagnostics) };
}
