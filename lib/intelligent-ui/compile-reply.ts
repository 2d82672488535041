import { budgetMessage } from "./budget";
import { compileBlock, failedBlock, type BlockCache } from "./compile-block";
import { fenceSource, scanFences, UI_FENCE_LANGUAGE, type FenceScanState } from "./fences";
import { resolveLimits, UI_REPLY_LIMITS } from "./limits";
import { startsWithText } from "./quoted";
import type { CompileUiOptions, UiBlock, UiReplyLimits } from "./types";

const now: () => number =
  typeof performance !== "undefined" ? () => performance.now() : () => Date.now();

/** Compiled fences a streaming compiler keeps between calls, by the fence's offset. */
export interface ReplyCache {
  text: string;
  scan?: FenceScanState;
  blocks: Map<number, KeptBlock>;
}

interface KeptBlock {
  source: string;
  block: UiBlock;
  nodeCount: number;
  cache?: BlockCache;
}

function refusedBlock(id: string, source: string, complete: boolean, reason: string): UiBlock {
  return failedBlock(id, source, complete, {
    code: "budget_exceeded",
    message: budgetMessage("reply", reason),
    start: 0,
    end: source.length,
  });
}

/** Built field by field: spreading the compiled block into a new object was a generic slow copy. */
function compileFence(
  source: string,
  id: string,
  complete: boolean,
  options: Omit<CompileUiOptions, "final">,
  cache: BlockCache | undefined,
): KeptBlock {
  const {
    block,
    nodeCount,
    cache: next,
  } = compileBlock(
    source,
    { id, final: complete, querySchemas: options.querySchemas, limits: options.limits },
    cache,
  );
  return { source, block, nodeCount, cache: next };
}

/**
 * Compiles every ui fence of a reply, in order, into `UiBlock`s (unfinished fences too).
 * Returns the blocks; past the reply budgets one block is refused and later fences stay text.
 */
export function compileUi(text: string, options: CompileUiOptions = {}): UiBlock[] {
  return compileReply(text, options, options.final ?? false);
}

/** `final` is passed apart: copying the options to add it took a slow path in V8 (~0.6 µs a call). */
export function compileReply(
  text: string,
  options: Omit<CompileUiOptions, "final">,
  final: boolean,
  cache?: ReplyCache,
): UiBlock[] {
  const replyLimits: UiReplyLimits = resolveLimits(UI_REPLY_LIMITS, options.replyLimits);
  const language = options.fenceLanguage ?? UI_FENCE_LANGUAGE;
  const appended = cache !== undefined && startsWithText(text, cache.text, cache.text.length);
  const { fences, state } = scanFences(text, language, appended ? cache.scan : undefined);
  const previous: ReplyCache["blocks"] = cache?.blocks ?? new Map();
  const kept: ReplyCache["blocks"] = new Map();
  const started = now();
  const blocks: UiBlock[] = [];
  let characters = 0;
  let nodes = 0;
  for (const fence of fences) {
    const source = fenceSource(text, fence);
    const id = `${options.id ?? "reply"}:ui:${fence.start}`;
    const complete = fence.closed || final;
    characters += source.length;
    const over =
      blocks.length >= replyLimits.blocks
        ? "blocks"
        : characters > replyLimits.characters
          ? "characters"
          : now() - started > replyLimits.milliseconds
            ? "milliseconds"
            : undefined;
    if (over !== undefined) {
      blocks.push(refusedBlock(id, source, complete, over));
      break;
    }
    const before = final ? undefined : previous.get(fence.start);
    const reused =
      before !== undefined && before.source === source && before.block.complete === complete;
    const compiled = reused ? before : compileFence(source, id, complete, options, before?.cache);
    nodes += compiled.nodeCount;
    if (nodes > replyLimits.nodes) {
      blocks.push(refusedBlock(id, source, complete, "nodes"));
      break;
    }
    kept.set(fence.start, compiled);
    blocks.push(compiled.block);
  }
  if (cache !== undefined) {
    cache.text = text;
    cache.scan = state;
    cache.blocks = kept;
  }
  return blocks;
}
