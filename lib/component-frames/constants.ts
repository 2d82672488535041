export const COMPONENT_PROTOCOL = "agentskit.chat.component";
export const COMPONENT_PROTOCOL_VERSION = 1;

/** Instance ids, choice ids and action names. */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
export const COMPONENT_KEY_PATTERN = /^[a-z][a-z0-9-]{0,63}$/;

/** Keys the protocol reserves; only this library's own definitions may use them. */
export const STANDARD_COMPONENT_KEYS = Object.freeze([
  "choice-list",
  "button-group",
  "form",
  "confirmation",
  "progress",
  "source-list",
  "link-card",
  "error-notice",
  "tool-call",
  "approval-request",
  "table",
  "file-attachment",
] as const);

export type StandardComponentKey = (typeof STANDARD_COMPONENT_KEYS)[number];

export const FRAME_LIMITS = Object.freeze({
  fallbackKindMax: 64,
  fallbackSummaryMax: 4_096,
});

export const BOUNDED_JSON_LIMITS = Object.freeze({
  maxValues: 1_000,
  maxDepth: 20,
  maxStringLength: 16_384,
  maxArrayItems: 1_000,
  maxRecordKeys: 1_000,
  maxKeyLength: 256,
});

export const CHOICE_LIST_LIMITS = Object.freeze({
  promptMax: 4_096,
  choicesMin: 1,
  choicesMax: 20,
  labelMax: 256,
  descriptionMax: 4_096,
  actionInputKeyMax: 128,
});

export const ASSISTANT_CONTENT_HEADER = "\u001eagentskit.chat.content/1\n";

export const ASSISTANT_CONTENT_LIMITS = Object.freeze({
  maxBytes: 262_144,
  maxRecords: 512,
  maxTextLength: 16_384,
});

export const DEFAULT_CONFIRMATION_TTL_MS = 300_000;
