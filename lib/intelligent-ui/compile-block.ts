import { UiBudget } from "./budget";
import { prepareCatalog, UI_CATALOG_VERSION } from "./catalog/components";
import type { CompileContext } from "./compile-context";
import { compileDeclarations } from "./compile-declarations";
import { TagParser, type ParseCheckpoint } from "./compile-tags";
import { evaluateList, type TreeContext } from "./evaluate-tree";
import { blockFailure, evaluateUiBlock } from "./evaluate";
import { blockFallback } from "./fallback";
import { resolveUiLimits } from "./limits";
import { startsWithText } from "./quoted";
import { UiState } from "./state";
import type {
  CompileUiBlockOptions,
  UiBlock,
  UiDiagnostic,
  UiNode,
  UiQuery,
  UiVariable,
} from "./types";
import { WARM_UP_LIMITS, WARM_UP_SOURCE, warmUpOnce } from "./warm-up";

function warmUpPipeline(): void {
  const { block } = compileBlock(WARM_UP_SOURCE, { id: "warm-up", limits: WARM_UP_LIMITS });
  evaluateUiBlock(block, new UiState(block, WARM_UP_LIMITS), WARM_UP_LIMITS);
}

/** What a later compile of the same growing block can reuse; never part of a block. */
export interface BlockCache {
  source: string;
  checkpoint: ParseCheckpoint;
  variables: Record<string, UiVariable>;
  queries: Record<string, UiQuery>;
  declared: Set<string>;
  diagnostics: UiDiagnostic[];
  roots: UiNode[];
  memo: TreeContext["memo"];
}

function emptyBlock(id: string, source: string, complete: boolean): UiBlock {
  return {
    id,
    catalogVersion: UI_CATALOG_VERSION,
    complete,
    source,
    variables: {},
    queries: {},
    nodes: [],
    diagnostics: [],
    fallback: source,
  };
}

/** A block that failed as a whole: its text, with exactly one diagnostic. */
export function failedBlock(
  id: string,
  source: string,
  complete: boolean,
  diagnostic: UiDiagnostic,
  fallback = source,
): UiBlock {
  return { ...emptyBlock(id, source, complete), diagnostics: [diagnostic], fallback };
}

/** Compiles the contents of one fence. `options.id` is the block id, verbatim. */
export function compileUiBlock(source: string, options: CompileUiBlockOptions): UiBlock {
  return compileBlock(source, options).block;
}

/** A compiled block, how many nodes it holds (for the reply's budget), and what a later compile may reuse. */
export interface CompiledBlock {
  block: UiBlock;
  nodeCount: number;
  cache?: BlockCache;
}

export function compileBlock(
  source: string,
  options: CompileUiBlockOptions,
  cache?: BlockCache,
): CompiledBlock {
  const limits = resolveUiLimits(options.limits);
  prepareCatalog();
  warmUpOnce("compile", warmUpPipeline);
  const final = options.final ?? true;
  const { id } = options;
  if (source.length > limits.characters) {
    const diagnostic: UiDiagnostic = {
      code: "budget_exceeded",
      message: `The block is longer than ${limits.characters} characters.`,
      start: limits.characters,
      end: source.length,
    };
    return {
      block: failedBlock(id, source, final, diagnostic, source.slice(0, limits.characters)),
      nodeCount: 0,
    };
  }
  const context: CompileContext = {
    blockId: id,
    source,
    final,
    limits,
    budget: new UiBudget(limits),
    querySchemas: options.querySchemas ?? {},
    variables: {},
    queries: {},
    declared: new Set(),
    diagnostics: [],
  };
  try {
    return compileWithin(context, cache);
  } catch (error) {
    return {
      block: failedBlock(
        id,
        source,
        final,
        blockFailure(emptyBlock(id, source, final), error),
        source,
      ),
      nodeCount: 0,
    };
  }
}

function resumable(context: CompileContext, cache: BlockCache | undefined): BlockCache | undefined {
  if (cache === undefined || context.final) return undefined;
  // The whole earlier text, not just up to the checkpoint: deciding where a token ended looked at the character after it.
  return startsWithText(context.source, cache.source, cache.source.length) ? cache : undefined;
}

function compileWithin(context: CompileContext, previous: BlockCache | undefined): CompiledBlock {
  const cache = resumable(context, previous);
  let parser: TagParser;
  if (cache !== undefined) {
    context.variables = cache.variables;
    context.queries = cache.queries;
    context.declared = cache.declared;
    context.diagnostics = cache.diagnostics.slice(0, cache.checkpoint.diagnostics);
    parser = TagParser.resume(context, cache.checkpoint, cache.roots);
  } else {
    const declarations = compileDeclarations(context);
    if (declarations.stopped) {
      return {
        block: {
          ...emptyBlock(context.blockId, context.source, context.final),
          variables: context.variables,
          queries: context.queries,
          diagnostics: context.diagnostics,
        },
        nodeCount: 0,
      };
    }
    parser = new TagParser(context, declarations.bodyStart);
  }
  parser.run();
  const memo = cache?.memo ?? new WeakMap();
  const tree: TreeContext = {
    source: context.source,
    budget: context.budget,
    // Only the defaults resolve: query data is not loaded yet.
    read: (name) =>
      Object.hasOwn(context.variables, name) ? context.variables[name]?.default : undefined,
    unresolved: unresolvedNames(context),
    variables: context.variables,
    diagnostics: [],
    nodeIds: "source",
    memo,
  };
  const evaluated = evaluateList(parser.roots, tree);
  const block: UiBlock = {
    id: context.blockId,
    catalogVersion: UI_CATALOG_VERSION,
    complete: context.final,
    source: context.source,
    variables: context.variables,
    queries: context.queries,
    nodes: parser.roots,
    diagnostics: mergeDiagnostics(
      context.diagnostics,
      tree.diagnostics,
      context.limits.diagnostics,
    ),
    fallback: blockFallback(evaluated.text, context.source),
  };
  const checkpoint = parser.checkpoint;
  const nodeCount = parser.nodeCount;
  if (checkpoint === undefined) return { block, nodeCount };
  return {
    block,
    nodeCount,
    cache: {
      source: context.source,
      checkpoint,
      variables: context.variables,
      queries: context.queries,
      declared: context.declared,
      diagnostics: context.diagnostics,
      roots: parser.roots,
      memo,
    },
  };
}

/** Declared names without a default: queries and failed declarations, reported once at their declaration. */
function unresolvedNames(context: CompileContext): Set<string> {
  const names = new Set<string>();
  for (const name of context.declared) if (!Object.hasOwn(context.variables, name)) names.add(name);
  return names;
}

/** Parse diagnostics, then one per code and node from evaluating with the defaults. */
function mergeDiagnostics(
  parsed: UiDiagnostic[],
  evaluated: UiDiagnostic[],
  limit: number,
): UiDiagnostic[] {
  if (evaluated.length === 0) return parsed.slice(0, limit);
  const seen = new Set(parsed.map((d) => `${d.code} ${d.nodeId}`));
  const merged = [...parsed];
  for (const diagnostic of evaluated) {
    const key = `${diagnostic.code} ${diagnostic.nodeId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(diagnostic);
  }
  return merged.slice(0, limit);
}
