import { createToolRegistry, validateToolAction, type ToolRegistry } from "./action-policy";
import { freezeJson, readBoundedJson, sameJson } from "./bounded-json";
import { createMemoryConfirmationStore } from "./confirmation-store";
import type {
  ActionConfirmation,
  ActionConfirmationOptions,
  ActionConfirmationRecord,
  ConfirmationOutcome,
  ConfirmationPatch,
  ConfirmationResult,
  ConfirmationStore,
} from "./confirmation-types";
import { DEFAULT_CONFIRMATION_TTL_MS, IDENTIFIER_PATTERN } from "./constants";
import { fail } from "./diagnostics";

const TOKEN_PREFIX = "confirm-";
const TOOL_CALL_PREFIX = "app-";
/** `confirm-` plus this many characters is the identifier pattern's 128. */
export const MAX_ID_SUFFIX_LENGTH = 120;
const MAX_HANDLE_LENGTH = 256;
const MAX_REASON_LENGTH = 1_024;

type Decision =
  { readonly kind: "approve" } | { readonly kind: "reject"; readonly reason: string | null };

export type ConfirmationConfigErrorCode = "CONFIRMATION_INVALID_TTL" | "CONFIRMATION_INVALID_ID";

/** A configuration mistake in the app's own code (`ttlMs`, `createId`), so it throws instead of returning a diagnostic. */
export class ConfirmationConfigError extends Error {
  constructor(
    readonly code: ConfirmationConfigErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ConfirmationConfigError";
  }
}

/**
 * Expiring, single-use handles for proposed tool calls. The handle is correlation metadata, not
 * authentication: callers still check that the visitor owns the session.
 *
 * What it promises:
 * - `ttlMs` is a positive safe integer (0, 1.5, `NaN`, `Infinity` throw): no handle never expires.
 * - Generated ids (`confirm-<suffix>`, `app-<suffix>`) fit the identifier pattern; a `createId`
 *   suffix that would not (over 120 characters, empty, or other characters) throws at `propose`.
 * - A tool runs at most once per handle. Whoever claims the handle (`pending → approving`) is the
 *   only caller to run it; a tool that throws leaves the handle `approved` with a `failed`
 *   outcome, and a process that dies mid-run leaves it `approving`. Either way it is settled at
 *   most once and never retried automatically: the person sees it failed and may ask again, which
 *   proposes a new handle.
 */
export function createActionConfirmation(options: ActionConfirmationOptions): ActionConfirmation {
  const registry = createToolRegistry(options.tools);
  const store = options.store ?? createMemoryConfirmationStore();
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? DEFAULT_CONFIRMATION_TTL_MS;
  if (typeof ttlMs !== "number" || !Number.isSafeInteger(ttlMs) || ttlMs <= 0) {
    throw new ConfirmationConfigError(
      "CONFIRMATION_INVALID_TTL",
      "ttlMs must be a positive safe integer.",
    );
  }
  const randomId = options.createId ?? createRandomId;
  const createId = (prefix: string): string => {
    const suffix = randomId();
    const id = prefix + suffix;
    if (
      typeof suffix !== "string" ||
      suffix.length === 0 ||
      suffix.length > MAX_ID_SUFFIX_LENGTH ||
      !IDENTIFIER_PATTERN.test(id)
    ) {
      throw new ConfirmationConfigError(
        "CONFIRMATION_INVALID_ID",
        `createId must return 1..${MAX_ID_SUFFIX_LENGTH} identifier characters.`,
      );
    }
    return id;
  };
  const inFlight = new Map<string, Promise<ConfirmationResult>>();

  /** A handle of this session, or the refusal that cannot tell an unknown token from another session's. */
  async function findOwn(token: unknown, sessionId: unknown) {
    if (!isHandle(token) || typeof sessionId !== "string") return null;
    const record = await store.find(token);
    return record && record.sessionId === sessionId ? record : null;
  }

  /** The operation on this token already running in this process, else a new one. */
  function once(
    record: ActionConfirmationRecord,
    operation: () => Promise<ConfirmationResult>,
  ): Promise<ConfirmationResult> {
    const running = inFlight.get(record.token);
    if (running) return running;
    if (record.status !== "pending") return Promise.resolve({ ok: true, record, changed: false });
    const started = operation().finally(() => inFlight.delete(record.token));
    inFlight.set(record.token, started);
    return started;
  }

  async function decide(
    token: unknown,
    sessionId: unknown,
    decision: Decision,
  ): Promise<ConfirmationResult> {
    const record = await findOwn(token, sessionId);
    if (!record) return fail("CONFIRMATION_NOT_FOUND");
    return once(record, () => settle(record, decision));
  }

  async function edit(token: unknown, sessionId: unknown, input: unknown) {
    const record = await findOwn(token, sessionId);
    if (!record) return fail("CONFIRMATION_NOT_FOUND");
    // Checked before anything else, so a refused edit writes nothing. An edit that changes
    // nothing is refused too: it would read as approved with changes when there were none.
    const checked = validateToolAction(registry, { name: record.action, input });
    if (!checked.ok) return checked;
    if (sameJson(checked.input, record.input)) return fail("CONFIRMATION_INVALID_REQUEST");
    return once(record, async () => {
      // Expired: denied as any decision is, and nothing is replaced.
      if (now() >= record.expiresAt) return settle(record, { kind: "approve" });
      // The time to decide is the proposal's: an edit does not extend it.
      const replacement = newRecord({
        sessionId: record.sessionId,
        action: record.action,
        input: checked.input,
        expiresAt: record.expiresAt,
        replaces: record.token,
        proposedInput: record.proposedInput ?? record.input,
      });
      if (!(await store.replace(record.token, replacement))) return reload(store, record);
      return once(replacement, () => settle(replacement, { kind: "approve" }));
    });
  }

  function newRecord({
    expiresAt,
    ...fields
  }: Pick<
    ActionConfirmationRecord,
    "sessionId" | "action" | "input" | "replaces" | "proposedInput"
  > & {
    expiresAt?: number;
  }): ActionConfirmationRecord {
    const createdAt = now();
    return Object.freeze({
      token: createId(TOKEN_PREFIX),
      toolCallId: createId(TOOL_CALL_PREFIX),
      createdAt,
      expiresAt: expiresAt ?? createdAt + ttlMs,
      status: "pending",
      settledAt: null,
      outcome: null,
      ...fields,
    });
  }

  async function settle(
    record: ActionConfirmationRecord,
    decision: Decision,
  ): Promise<ConfirmationResult> {
    if (now() >= record.expiresAt) {
      const expired = await transition(record, "expiring", async () => ({ kind: "expired" }));
      return expired.changed
        ? { ...fail("CONFIRMATION_EXPIRED"), record: expired.record }
        : expired;
    }
    if (decision.kind === "reject") {
      return transition(record, "rejecting", async () => ({
        kind: "rejected",
        reason: decision.reason,
      }));
    }
    return transition(record, "approving", () => runTool(registry, record));
  }

  async function transition(
    record: ActionConfirmationRecord,
    claim: "approving" | "rejecting" | "expiring",
    finish: () => Promise<ConfirmationOutcome>,
  ): Promise<Extract<ConfirmationResult, { ok: true }>> {
    if (!(await store.compareAndSwap(record.token, "pending", { status: claim }))) {
      return reload(store, record);
    }
    const outcome = await finish();
    const patch: ConfirmationPatch = { status: settledStatus[claim], outcome, settledAt: now() };
    if (!(await store.compareAndSwap(record.token, claim, patch))) return reload(store, record);
    return { ok: true, record: Object.freeze({ ...record, ...patch }), changed: true };
  }

  return {
    async propose(request) {
      const sessionId: unknown = request?.sessionId;
      if (
        typeof sessionId !== "string" ||
        sessionId.length === 0 ||
        sessionId.length > MAX_HANDLE_LENGTH
      ) {
        return fail("CONFIRMATION_INVALID_REQUEST");
      }
      const checked = validateToolAction(registry, request.action);
      if (!checked.ok) return checked;
      const record = newRecord({ sessionId, action: checked.tool.name, input: checked.input });
      await store.insert(record);
      return { ok: true, record };
    },
    approve: (token, sessionId) => decide(token, sessionId, { kind: "approve" }),
    reject(token, sessionId, reason) {
      if (
        reason !== undefined &&
        (typeof reason !== "string" || reason.length > MAX_REASON_LENGTH)
      ) {
        return Promise.resolve(fail("CONFIRMATION_INVALID_REQUEST"));
      }
      return decide(token, sessionId, { kind: "reject", reason: reason || null });
    },
    edit,
  };
}

const settledStatus = {
  approving: "approved",
  rejecting: "rejected",
  expiring: "expired",
} as const;

/** Someone else settled the handle first; theirs is the answer. */
async function reload(store: ConfirmationStore, record: ActionConfirmationRecord) {
  const current = await store.find(record.token);
  return { ok: true as const, record: current ?? record, changed: false };
}

async function runTool(
  registry: ToolRegistry,
  record: ActionConfirmationRecord,
): Promise<ConfirmationOutcome> {
  const tool = registry.get(record.action);
  if (!tool?.executable) {
    return {
      kind: "failed",
      code: "ACTION_UNAVAILABLE",
      message: "The action is no longer available.",
    };
  }
  let result: unknown;
  try {
    result = await tool.execute(record.input);
  } catch {
    // Tool errors may carry internals; the stored outcome keeps only a stable code.
    return { kind: "failed", code: "ACTION_EXECUTION_FAILED", message: "The action failed." };
  }
  const json = readBoundedJson(result === undefined ? null : result);
  if (!json.ok) {
    return {
      kind: "failed",
      code: "ACTION_RESULT_INVALID",
      message: "The action result is not JSON.",
    };
  }
  return { kind: "executed", result: freezeJson(json.value) };
}

function isHandle(token: unknown): token is string {
  return (
    typeof token === "string" && token.startsWith(TOKEN_PREFIX) && token.length <= MAX_HANDLE_LENGTH
  );
}

function createRandomId(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
