import { UiBudget } from "./budget";
import { UI_CATALOG_VERSION } from "./catalog/components";
import { evaluateUiBlock } from "./evaluate";
import { evaluate } from "./expression-eval";
import { UiFailure } from "./failure";
import { resolveUiLimits } from "./limits";
import { compiledName, declaredName, submittedName } from "./names";
import { UiState } from "./state";
import type { UiBlock, UiEvaluation, UiLimits, UiValue } from "./types";
import { copyUiValue, isUiRecord, sameUiValue, type UiRecord } from "./values";
import { inputNames, isVisibleInput, walkVisible, type VisibleInputs } from "./visible-inputs";

/**
 * The values a page sends with a choice, by declared name (`{ "$count": 4 }`): every variable a
 * control binds or a Button targets.
 */
export function uiInputValues(block: UiBlock, state: UiState): Record<string, UiValue> {
  const names = inputNames(block);
  const values: Record<string, UiValue> = {};
  for (const name of Object.keys(block.variables)) {
    if (names.has(name)) values[declaredName(name)] = state.lookup(name) as UiValue;
  }
  return values;
}

function copyRecord(value: unknown, budget: UiBudget, what: string): UiRecord {
  const copy = copyUiValue(value ?? {}, budget);
  if (!isUiRecord(copy)) throw new UiFailure("invalid_value", `${what} must be a record.`);
  return copy;
}

export interface SubmittedState {
  state: UiState;
  changed: Set<string>;
  evaluation: UiEvaluation;
}

/**
 * Steps 1–5 of the choice algorithm: check the block, copy and apply the submission, evaluate.
 * Submitted values and query readings are keyed by declared name (`$count`, `$runs`).
 */
export function applySubmission(
  block: UiBlock,
  input: unknown,
  queries: unknown,
  limits: Partial<UiLimits> | undefined,
  refusal: "refused_choice" | "invalid_block",
): SubmittedState {
  if (block.complete !== true || block.catalogVersion !== UI_CATALOG_VERSION) {
    throw new UiFailure(refusal, "The block is unfinished or of another catalog version.");
  }
  const resolved = resolveUiLimits(limits);
  const values = copyRecord(input, new UiBudget(resolved), "Input values");
  const readings = copyRecord(queries, new UiBudget(resolved), "Query values");
  const state = new UiState(block, resolved);
  for (const [name, value] of Object.entries(readings)) state.setQuery(name, value, block);
  const names = inputNames(block);
  const changed = new Set<string>();
  for (const [key, value] of Object.entries(values)) {
    const name = submittedName(key);
    if (!names.has(name))
      throw new UiFailure("refused_binding", `${key} is not an input of this block.`);
    if (sameUiValue(value, state.lookup(name) as UiValue)) continue;
    state.assign(name, value);
    changed.add(name);
  }
  const evaluation = evaluateUiBlock(block, state, resolved);
  // The diagnostic's message says which limit ran out, so a host can tell a refusal on time alone.
  const exhausted = evaluation.diagnostics.find(
    (diagnostic) => diagnostic.code === "budget_exceeded",
  );
  if (exhausted !== undefined) throw new UiFailure("budget_exceeded", exhausted.message);
  return { state, changed, evaluation };
}

/** Every changed variable must be something a person could have set on the visible screen. */
export function checkChanged(inputs: VisibleInputs, submitted: SubmittedState): void {
  for (const name of submitted.changed) {
    if (!isVisibleInput(inputs, name, submitted.state.lookup(name) as UiValue)) {
      throw new UiFailure(
        "invalid_value",
        `No visible control could have set $${name} to that value.`,
      );
    }
  }
}

/** Applies the "what a person could have set" check and returns the state holding the values. */
export function uiValidatedState(
  block: UiBlock,
  input?: unknown,
  queries?: unknown,
  limits?: Partial<UiLimits>,
): UiState {
  const submitted = applySubmission(block, input, queries, limits, "invalid_block");
  checkChanged(walkVisible(block, submitted.evaluation.nodes, submitted.changed), submitted);
  return submitted.state;
}

/** A query's arguments, by its declared name (`$runs`), evaluated against the stored definition with validated input. */
export function uiQueryArguments(
  block: UiBlock,
  name: string,
  input?: unknown,
  limits?: Partial<UiLimits>,
): UiValue {
  const compiled = compiledName(name) ?? "";
  const query = Object.hasOwn(block.queries, compiled) ? block.queries[compiled] : undefined;
  if (query === undefined)
    throw new UiFailure("invalid_query", `The block declares no query ${name}.`);
  const state = uiValidatedState(block, input, undefined, limits);
  return evaluate(query.args, {
    budget: new UiBudget(resolveUiLimits(limits)),
    read: (key) => (Object.hasOwn(block.queries, key) ? undefined : state.lookup(key)),
  });
}
