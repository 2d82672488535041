// The intelligent-ui block language: compile reply text into blocks, evaluate them against local
// state, and validate choices. Pure TypeScript; zod is the only dependency.
export { compileUi } from "./compile-reply";
export { compileUiBlock } from "./compile-block";
export { UiCompiler, UiStream, type UiClock, type UiStreamOptions } from "./stream";
export { UiFencePreview } from "./fence-preview";
export { UiState, type UiStateSnapshot } from "./state";
export { evaluateUiBlock } from "./evaluate";
export { uiInputValues, uiValidatedState, uiQueryArguments } from "./validate";
export { resolveUiChoice } from "./choice";
// For a final, stored block: a roomy time budget, and one retry without a time limit when time alone
// refused it. Hosts call these for the final compile of a reply, to resolve a Choice on it, and
// to draw an answer's values.
export {
  compileStoredUi,
  evaluateStoredUiBlock,
  resolveStoredUiChoice,
  storedUiQueryArguments,
  storedUiValidatedState,
  UI_STORED_LIMITS,
  UI_STORED_REPLY_LIMITS,
} from "./stored";
export { parseUiExpression, evaluateUiExpression } from "./expression";
export { copyUiValue, sameUiValue } from "./values";
export { uiFallbackText } from "./fallback";
export { uiHasFence, findUiFences, UI_FENCE_LANGUAGE, type UiFence } from "./fences";
export { UiFailure, isUiFailure } from "./failure";
export { UI_LIMITS, UI_REPLY_LIMITS, UI_HOST_LIMITS } from "./limits";
export { UI_CATALOG, UI_CATALOG_VERSION, type UiComponentDefinition } from "./catalog/components";
export { describeUiCatalog } from "./catalog/describe";
export type {
  UiValue,
  UiExpr,
  UiUnaryOperator,
  UiBinaryOperator,
  UiAction,
  UiProp,
  UiNode,
  UiVariable,
  UiQuery,
  UiBlock,
  UiViewNode,
  UiEvaluation,
  UiDiagnostic,
  UiDiagnosticCode,
  UiFailureCode,
  UiChoiceSelection,
  UiLimits,
  UiReplyLimits,
  UiArgumentSchema,
  CompileUiOptions,
  CompileUiBlockOptions,
} from "./types";
