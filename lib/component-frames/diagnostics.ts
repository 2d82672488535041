/**
 * Every failure this library reports. Messages are fixed strings so a diagnostic can be shown or
 * stored without ever echoing the untrusted input that caused it.
 */
const DIAGNOSTIC_MESSAGES = {
  COMPONENT_INVALID_FRAME: "Component frame payload is invalid.",
  COMPONENT_UNSUPPORTED_VERSION: "Component protocol version is not supported.",
  COMPONENT_UNKNOWN_TYPE: "Component frame type is not supported.",
  COMPONENT_UNKNOWN: "Component is not registered.",
  COMPONENT_INVALID_PROPS: "Component props are invalid.",
  COMPONENT_UNKNOWN_CHOICE: "Choice is not declared by the component.",
  COMPONENT_INVALID_SELECTION: "Selection event is invalid.",
  INVALID_RECORD: "Assistant content record is invalid.",
  ASSISTANT_CONTENT_UNSUPPORTED_VERSION: "Assistant content version is not supported.",
  ASSISTANT_CONTENT_LIMIT_EXCEEDED: "Assistant content exceeds its limits.",
  ACTION_INVALID: "Action is malformed.",
  ACTION_UNREGISTERED: "Action is not a registered tool.",
  ACTION_NOT_EXECUTABLE: "Action tool is not executable.",
  ACTION_CONFIRMATION_REQUIRED: "Action tool does not require confirmation.",
  ACTION_INVALID_INPUT: "Action input is invalid.",
  CONFIRMATION_NOT_FOUND: "Confirmation was not found.",
  CONFIRMATION_EXPIRED: "confirmation expired",
  CONFIRMATION_INVALID_REQUEST: "Confirmation request is invalid.",
} as const;

export const FRAME_NOT_JSON_MESSAGE = "Component frame is not valid JSON.";

export type DiagnosticCode = keyof typeof DIAGNOSTIC_MESSAGES;

export type ComponentDiagnostic = {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly retryable: false;
};

export type Failure = { readonly ok: false; readonly diagnostic: ComponentDiagnostic };

export function createDiagnostic(
  code: DiagnosticCode,
  message: string = DIAGNOSTIC_MESSAGES[code],
): ComponentDiagnostic {
  return Object.freeze({ code, message, retryable: false as const });
}

export function fail(code: DiagnosticCode, message?: string): Failure {
  return { ok: false, diagnostic: createDiagnostic(code, message) };
}
