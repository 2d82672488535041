import * as z from "zod/mini";
import { readBoundedJson, type JsonValue } from "./bounded-json";
import { IdentifierSchema, type ChoiceAction } from "./choice-list";
import type { Failure } from "./diagnostics";

/** A registered tool as the confirmation flow sees it; `input` is its argument validator. */
export type ConfirmableTool<I = unknown> = {
  readonly name: string;
  /** What the tool does, for the agent that proposes it; the host never reads it. */
  readonly description?: string;
  readonly executable: boolean;
  readonly requiresConfirmation: boolean;
  readonly input: z.core.$ZodType<I>;
  execute(input: I): Promise<unknown>;
};

/**
 * `pending → approving → approved`, `pending → rejecting → rejected`, `pending → expiring → expired`,
 * and `pending → replaced` when a person edits the input: the edited input gets a new handle.
 * The -ing states are claims: whoever moves a record out of `pending` is the only one to finish it.
 */
export const CONFIRMATION_STATUSES = [
  "pending",
  "approving",
  "approved",
  "rejecting",
  "rejected",
  "expiring",
  "expired",
  "replaced",
] as const;
export const ConfirmationStatusSchema = z.enum(CONFIRMATION_STATUSES);
export type ConfirmationStatus = z.infer<typeof ConfirmationStatusSchema>;

export const ConfirmationFailureCodeSchema = z.enum([
  "ACTION_EXECUTION_FAILED",
  "ACTION_RESULT_INVALID",
  "ACTION_UNAVAILABLE",
]);
export type ConfirmationFailureCode = z.infer<typeof ConfirmationFailureCodeSchema>;

const JsonValueSchema = z.custom<JsonValue>((value) => readBoundedJson(value).ok);

/** What a settled handle ended with; `null` on the record until then. */
export const ConfirmationOutcomeSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("executed"), result: JsonValueSchema }),
  z.strictObject({
    kind: z.literal("failed"),
    code: ConfirmationFailureCodeSchema,
    message: z.string(),
  }),
  z.strictObject({ kind: z.literal("rejected"), reason: z.nullable(z.string()) }),
  z.strictObject({ kind: z.literal("expired") }),
]);
export type ConfirmationOutcome = z.infer<typeof ConfirmationOutcomeSchema>;

/** Plain JSON throughout, so it can be a database row and a response body; parse rows read back with it. */
export const ActionConfirmationRecordSchema = z.strictObject({
  token: IdentifierSchema.check(z.startsWith("confirm-")),
  sessionId: z.string().check(z.minLength(1)),
  /** The registered tool's name. */
  action: IdentifierSchema,
  /** Frozen copy of the input as the tool's validator returned it; what `execute` receives. */
  input: JsonValueSchema,
  toolCallId: IdentifierSchema.check(z.startsWith("app-")),
  createdAt: z.number(),
  expiresAt: z.number(),
  status: ConfirmationStatusSchema,
  settledAt: z.nullable(z.number()),
  outcome: z.nullable(ConfirmationOutcomeSchema),
  /** On an edited handle: the token of the handle it replaced. */
  replaces: z.optional(IdentifierSchema.check(z.startsWith("confirm-"))),
  /** On an edited handle: the input the agent proposed, before any edit. */
  proposedInput: z.optional(JsonValueSchema),
});
export type ActionConfirmationRecord = Readonly<z.infer<typeof ActionConfirmationRecordSchema>>;

export type ConfirmationPatch = {
  readonly status: ConfirmationStatus;
  readonly settledAt?: number;
  readonly outcome?: ConfirmationOutcome;
};

/**
 * Persistence for handles. `compareAndSwap` applies `patch` only if the stored status still equals
 * `from` and reports whether it did; in Postgres that is
 * `UPDATE ... SET ... WHERE token = $1 AND status = $2` with a row count of 1.
 */
export type ConfirmationStore = {
  insert(record: ActionConfirmationRecord): Promise<void>;
  find(token: string): Promise<ActionConfirmationRecord | null>;
  compareAndSwap(
    token: string,
    from: ConfirmationStatus,
    patch: ConfirmationPatch,
  ): Promise<boolean>;
  /**
   * Moves `token` from `pending` to `replaced` and inserts its replacement, both or neither, and
   * reports whether it did: of an edit and any decision racing it, one wins.
   */
  replace(token: string, replacement: ActionConfirmationRecord): Promise<boolean>;
};

export type ProposeRequest = { readonly sessionId: string; readonly action: ChoiceAction };

export type ProposeResult =
  { readonly ok: true; readonly record: ActionConfirmationRecord } | Failure;

/**
 * `ok: true` hands back the record as it now stands: `changed` is true when this call (or the
 * in-process operation it joined) moved it out of `pending`, false when it was already settled.
 * An expired handle is denied with `CONFIRMATION_EXPIRED` and the now-expired record.
 */
export type ConfirmationResult =
  | { readonly ok: true; readonly record: ActionConfirmationRecord; readonly changed: boolean }
  | (Failure & { readonly record?: ActionConfirmationRecord });

export type ActionConfirmation = {
  propose(request: ProposeRequest): Promise<ProposeResult>;
  /**
   * Claims a pending handle and runs its tool: at most once, never retried. A tool that throws
   * leaves the handle `approved` with a `failed` outcome; a process that dies mid-run leaves it
   * `approving`. A handle that is not pending is returned unchanged.
   */
  approve(token: string, sessionId: string): Promise<ConfirmationResult>;
  reject(token: string, sessionId: string, reason?: string): Promise<ConfirmationResult>;
  /**
   * Approves a pending handle with an edited input: the tool's validator checks it (a refusal
   * writes nothing), a new handle is issued for it and the old one is `replaced`, then the new one
   * is approved as `approve` would, and `record` is the new handle. An input equal to the handle's
   * is `CONFIRMATION_INVALID_REQUEST` (approve it instead). A handle that is not pending (or is being
   * decided in this process) is returned as it stands: `record.token` is then the edited handle's.
   */
  edit(token: string, sessionId: string, input: unknown): Promise<ConfirmationResult>;
};

export type ActionConfirmationOptions = {
  readonly tools: readonly ConfirmableTool[];
  /** Defaults to a non-durable in-memory store. */
  readonly store?: ConfirmationStore;
  readonly now?: () => number;
  /** A positive safe integer; 300,000 by default. */
  readonly ttlMs?: number;
  /** Suffix for tokens and tool-call ids, 1..120 identifier characters; defaults to `crypto.randomUUID`. */
  readonly createId?: () => string;
};
