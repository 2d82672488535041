// Every type in this file describes plain JSON: a compiled block survives
// `JSON.parse(JSON.stringify(block))` unchanged, so a server can store it and a browser evaluate it.

/** A finite JSON value: the only data the language computes with. */
export type UiValue = null | boolean | number | string | UiValue[] | { [key: string]: UiValue };

export type UiDiagnosticCode =
  | "invalid_syntax"
  | "invalid_tag"
  | "invalid_prop"
  | "invalid_declaration"
  | "duplicate_declaration"
  | "invalid_default"
  | "unclosed_tag"
  | "unmatched_tag"
  | "duplicate_prop"
  | "refused_prop"
  | "invalid_props"
  | "unknown_component"
  | "invalid_parent"
  | "invalid_child"
  | "invalid_expression"
  | "incomplete_expression"
  | "invalid_value"
  | "refused_call"
  | "refused_access"
  | "query_only"
  | "action_only"
  | "invalid_query"
  | "unknown_query"
  | "refused_action"
  | "refused_binding"
  | "budget_exceeded"
  | "unknown_catalog";

/** Codes a `UiFailure` may carry: the diagnostic codes plus the host-facing refusals. */
export type UiFailureCode =
  UiDiagnosticCode | "invalid_limits" | "invalid_block" | "refused_query" | "refused_choice";

/** Offsets are UTF-16 indexes into the block's `source`. */
export interface UiDiagnostic {
  code: UiDiagnosticCode;
  message: string;
  start: number;
  end: number;
  nodeId?: string;
}

export type UiUnaryOperator = "!" | "-" | "+";
export type UiBinaryOperator =
  "||" | "&&" | "==" | "===" | "!=" | "!==" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "%";

/** Expression syntax tree. Constants are folded into `literal` at parse time. */
export type UiExpr =
  | { type: "literal"; value: UiValue }
  | { type: "array"; items: UiExpr[] }
  | { type: "record"; entries: { key: string; value: UiExpr }[] }
  | { type: "variable"; name: string }
  | { type: "local"; name: string }
  | { type: "member"; object: UiExpr; key: string }
  | { type: "index"; object: UiExpr; index: UiExpr }
  | { type: "unary"; operator: UiUnaryOperator; operand: UiExpr }
  | { type: "binary"; operator: UiBinaryOperator; left: UiExpr; right: UiExpr }
  | { type: "call"; name: string; args: UiExpr[] };

/** A Button action, kept unevaluated: `@Set($name, constant)`, `@Reset($name)` or `@Reset()`. */
export type UiAction =
  { type: "set"; name: string; value: UiValue } | { type: "reset"; name?: string };

/** A prop is either a constant or an expression evaluated whenever the block draws. */
export type UiProp = { value: UiValue } | { expression: UiExpr; source: string };

/**
 * A compiled node. `type` is a component name, or `"text"` for a text run (`text`) or an inline
 * `{expression}` (`expression`). Ids are `<blockId>:<offset of the node in source>`.
 */
export interface UiNode {
  id: string;
  type: string;
  start: number;
  end: number;
  /** The tag was closed (`/>` or its closing tag). Incomplete controls are inert. */
  complete: boolean;
  /**
   * Present while the opening tag itself is still being written, or when a malformed prop cut it
   * short (the element is never opened): its props are not all there and are not checked.
   */
  partial?: true;
  props: Record<string, UiProp>;
  children: UiNode[];
  text?: string;
  expression?: UiExpr;
  /** A compile-time problem: the node draws as its fallback. */
  error?: UiDiagnosticCode;
  /** The local variable this control's `value` binds, by compiled name (`count` for `$count`). */
  binding?: string;
  action?: UiAction;
}

/**
 * A declared local variable; its default fixes its type. Compiled blocks store names without the
 * `$` (`count`); every map a host passes or receives is keyed by the declared `$count`.
 */
export interface UiVariable {
  name: string;
  default: UiValue;
  start: number;
  end: number;
}

/** A live query: `$name = @Query("source", {args})`. */
export interface UiQuery {
  name: string;
  /** The host-registered source name. */
  source: string;
  args: UiExpr;
  /** The declaration's value text, compared exactly when a host loads a reading. */
  definition: string;
  start: number;
  end: number;
}

export interface UiBlock {
  id: string;
  catalogVersion: number;
  /** The fence was closed, or the reply is final. */
  complete: boolean;
  source: string;
  variables: Record<string, UiVariable>;
  queries: Record<string, UiQuery>;
  nodes: UiNode[];
  diagnostics: UiDiagnostic[];
  /** Plain text for clients that cannot draw the block, evaluated with the defaults. */
  fallback: string;
  /** Set by the host when a reply becomes final. */
  revision?: number;
}

/**
 * An evaluated node, ready to draw. `id` appends `:<i>` for each enclosing `Each` iteration;
 * `sourceId` is the compiled node's id. A node with `error` draws as its `fallback`.
 * `Show` nodes hold their children only while `when` is true.
 */
export interface UiViewNode {
  id: string;
  sourceId: string;
  type: string;
  props: Record<string, UiValue>;
  /** For `type: "text"`: the text to draw. */
  text?: string;
  children: UiViewNode[];
  complete: boolean;
  error?: UiDiagnosticCode;
  fallback: string;
  /** For a bound control: the variable `change` writes. */
  binding?: string;
  /** A bound complete control, or a complete enabled Button with an action: it may act now. */
  interactive: boolean;
  action?: UiAction;
  /** Bound controls: writes the value when the node is complete and the schema accepts it. */
  change?: (value: unknown) => boolean;
  /** Buttons: runs the action when the node is complete and enabled. */
  press?: () => boolean;
}

export interface UiEvaluation {
  nodes: UiViewNode[];
  diagnostics: UiDiagnostic[];
}

export interface UiChoiceSelection {
  label: string;
  context: string;
  /** `uiInputValues` after the submission, by declared name (`{ "$count": 4 }`). */
  values: Record<string, UiValue>;
}

export interface UiLimits {
  characters: number;
  depth: number;
  nodes: number;
  diagnostics: number;
  steps: number;
  iterations: number;
  stringLength: number;
  milliseconds: number;
}

export interface UiReplyLimits {
  blocks: number;
  characters: number;
  nodes: number;
  milliseconds: number;
}

/** Anything with zod's `safeParse`; hosts pass zod schemas. */
export interface UiArgumentSchema {
  safeParse(value: unknown): { success: boolean };
}

export interface CompileUiBlockOptions {
  id: string;
  /** Report anything still open; defaults to true for a single block. */
  final?: boolean;
  querySchemas?: Record<string, UiArgumentSchema>;
  limits?: Partial<UiLimits>;
}

export interface CompileUiOptions {
  /** The reply id; blocks are named `<id>:ui:<offset>`. */
  id?: string;
  /** The reply is finished: unclosed fences are complete blocks. Defaults to false. */
  final?: boolean;
  fenceLanguage?: string;
  querySchemas?: Record<string, UiArgumentSchema>;
  limits?: Partial<UiLimits>;
  replyLimits?: Partial<UiReplyLimits>;
}
