import { isTimeRefusal } from "./budget";
import { resolveUiChoice } from "./choice";
import { compileUi } from "./compile-reply";
import { isUiFailure } from "./failure";
import { evaluateUiBlock } from "./evaluate";
import type { UiState } from "./state";
import type {
  CompileUiOptions,
  UiBlock,
  UiChoiceSelection,
  UiEvaluation,
  UiLimits,
  UiReplyLimits,
  UiValue,
} from "./types";
import { uiQueryArguments, uiValidatedState } from "./validate";

// The 30 ms budget protects a server from hostile text while replies stream; it must never make a
// valid block fail at random on a busy machine. A block that is stored (compiled once when its
// reply is final, then resolved when a person picks a Choice) gets a roomy time budget, and a
// refusal on time alone is retried once without one: steps, iterations, characters, nodes and
// depth still bound the work, so a stored block is never refused on time (docs/language.md §10.5).

/** At least this much time for one stored block (compile or evaluation); every other limit is unchanged. */
export const UI_STORED_LIMITS: Readonly<Pick<UiLimits, "milliseconds">> = Object.freeze({
  milliseconds: 250,
});

/** At least this much time for a stored reply's blocks together. */
export const UI_STORED_REPLY_LIMITS: Readonly<Pick<UiReplyLimits, "milliseconds">> = Object.freeze({
  milliseconds: 1_000,
});

/** The retry's time budget: none to speak of. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/** The caller's time budget when it is roomier than `roomy`; an invalid one is kept for the limits check to refuse. */
function atLeast(given: number | undefined, roomy: number): number {
  return given !== undefined && !(Number.isSafeInteger(given) && given > 0 && given < roomy)
    ? given
    : roomy;
}

function storedLimits(
  limits: Partial<UiLimits> | undefined,
  milliseconds?: number,
): Partial<UiLimits> {
  return {
    ...limits,
    milliseconds: milliseconds ?? atLeast(limits?.milliseconds, UI_STORED_LIMITS.milliseconds),
  };
}

/**
 * Compiles a finished reply whose blocks will be stored: `compileUi` with `final: true` and the
 * stored time budgets. When a block was refused on time alone, the reply is compiled once more
 * without a time limit.
 */
export function compileStoredUi(
  text: string,
  options: Omit<CompileUiOptions, "final"> = {},
): UiBlock[] {
  const roomy = {
    ...options,
    limits: storedLimits(options.limits),
    replyLimits: {
      ...options.replyLimits,
      milliseconds: atLeast(options.replyLimits?.milliseconds, UI_STORED_REPLY_LIMITS.milliseconds),
    },
  };
  const blocks = compileUi(text, { ...roomy, final: true });
  const refusedOnTime = blocks.some((block) =>
    block.diagnostics.some((d) => d.code === "budget_exceeded" && isTimeRefusal(d.message)),
  );
  if (!refusedOnTime) return blocks;
  return compileUi(text, {
    ...roomy,
    final: true,
    limits: storedLimits(options.limits, UNBOUNDED),
    replyLimits: { ...roomy.replyLimits, milliseconds: UNBOUNDED },
  });
}

/**
 * `resolveUiChoice` for a stored block, with the stored time budget; a `budget_exceeded` refusal
 * on time alone is retried once without a time limit. Every other refusal is thrown as is.
 */
export function resolveStoredUiChoice(
  ...[block, choiceId, input, queries, limits]: Parameters<typeof resolveUiChoice>
): UiChoiceSelection {
  return withStoredTime(limits, (roomy) => resolveUiChoice(block, choiceId, input, queries, roomy));
}

/**
 * `evaluateUiBlock` for a stored block, as a page draws it: the stored time budget, and once more
 * without a time limit when time alone cut the view short (a busy device draws it whole).
 */
export function evaluateStoredUiBlock(
  block: UiBlock,
  state: UiState,
  limits?: Partial<UiLimits>,
): UiEvaluation {
  const evaluation = evaluateUiBlock(block, state, storedLimits(limits));
  const cutOnTime = evaluation.diagnostics.some(
    (d) => d.code === "budget_exceeded" && isTimeRefusal(d.message),
  );
  return cutOnTime ? evaluateUiBlock(block, state, storedLimits(limits, UNBOUNDED)) : evaluation;
}

/** `uiQueryArguments` for a stored block, under the same time policy as `resolveStoredUiChoice`. */
export function storedUiQueryArguments(
  block: UiBlock,
  name: string,
  input?: unknown,
  limits?: Partial<UiLimits>,
): UiValue {
  return withStoredTime(limits, (roomy) => uiQueryArguments(block, name, input, roomy));
}

/**
 * `uiValidatedState` for a stored block, under the same time policy: an answer's values, or values
 * carried over, are never refused on a busy device because time alone ran out.
 */
export function storedUiValidatedState(
  ...[block, input, queries, limits]: Parameters<typeof uiValidatedState>
): UiState {
  return withStoredTime(limits, (roomy) => uiValidatedState(block, input, queries, roomy));
}

function withStoredTime<T>(
  limits: Partial<UiLimits> | undefined,
  run: (limits: Partial<UiLimits>) => T,
): T {
  try {
    return run(storedLimits(limits));
  } catch (error) {
    if (!isUiFailure(error) || error.code !== "budget_exceeded" || !isTimeRefusal(error.message))
      throw error;
  }
  return run(storedLimits(limits, UNBOUNDED));
}
