export * from "./constants";
export { createDiagnostic, FRAME_NOT_JSON_MESSAGE } from "./diagnostics";
export type { ComponentDiagnostic, DiagnosticCode, Failure } from "./diagnostics";
export { readBoundedJson, isJsonRecord, freezeJson, sameJson } from "./bounded-json";
export type {
  BoundedJsonResult,
  BoundedJsonViolation,
  JsonPrimitive,
  JsonRecord,
  JsonValue,
} from "./bounded-json";
export { jsonRecordSchema, jsonValueSchema } from "./json-value";
export { decodeComponentFrame } from "./frame-decoder";
export type { ComponentFallback, ComponentRenderFrame, FrameDecodeResult } from "./frame-decoder";
export { componentFallbackText, defineComponent } from "./component-definition";
export type { ComponentDefinition } from "./component-definition";
export { ComponentManifestError, defineComponentManifest } from "./manifest";
export type { ComponentManifest, ManifestErrorCode } from "./manifest";
export { resolveComponentFrame } from "./resolve-frame";
export type {
  FrameResolveResult,
  ResolvedComponentFrame,
  UnresolvedComponentFrame,
} from "./resolve-frame";
export {
  CHOICE_LIST_KEY,
  ChoiceActionInputSchema,
  ChoiceActionSchema,
  ChoiceListComponent,
  ChoiceListPropsSchema,
  ChoiceSchema,
  IdentifierSchema,
  formatChoiceListFallback,
} from "./choice-list";
export type { Choice, ChoiceAction, ChoiceListProps } from "./choice-list";
export { ComponentSelectionEventSchema, createSelectionEvent, selectChoice } from "./selection";
export type {
  ChoiceSelectionResult,
  ComponentSelectionEvent,
  SelectionEventResult,
} from "./selection";
export { ContentRecordSchema } from "./content-parts";
export type {
  AssistantComponentPart,
  AssistantContentPart,
  AssistantTextPart,
  ContentRecord,
} from "./content-parts";
export { encodeAssistantContent } from "./content-encoder";
export type { AssistantContentEncodeResult } from "./content-encoder";
export { decodeAssistantContent } from "./content-decoder";
export type { AssistantContentDecodeResult } from "./content-decoder";
export { createToolRegistry, validateToolAction } from "./action-policy";
export type { ActionCheckResult, ToolRegistry } from "./action-policy";
export {
  ConfirmationConfigError,
  createActionConfirmation,
  MAX_ID_SUFFIX_LENGTH,
} from "./action-confirmation";
export type { ConfirmationConfigErrorCode } from "./action-confirmation";
export { createMemoryConfirmationStore } from "./confirmation-store";
export {
  ActionConfirmationRecordSchema,
  CONFIRMATION_STATUSES,
  ConfirmationFailureCodeSchema,
  ConfirmationOutcomeSchema,
  ConfirmationStatusSchema,
} from "./confirmation-types";
export type * from "./confirmation-types";
