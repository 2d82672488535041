import { z } from "zod";

/** Codes are stable: clients and tests match on them, and the page words its help per code. */
export const ERROR_STATUS = {
  "invalid-body": 400,
  "invalid-text": 400,
  "invalid-cursor": 400,
  "invalid-position": 400,
  "invalid-search": 400,
  "invalid-path": 400,
  "duplicate-cookie": 400,
  "malformed-request": 400,
  "body-too-large": 413,
  "unsupported-media-type": 415,
  "headers-too-large": 431,
  "forbidden-origin": 403,
  "method-not-allowed": 405,
  "not-found": 404,
  "chat-not-found": 404,
  "share-not-found": 404,
  "frame-not-found": 404,
  "frame-not-answerable": 409,
  "frame-already-answered": 409,
  refused_choice: 422,
  refused_binding: 422,
  invalid_value: 422,
  budget_exceeded: 422,
  "ui-block-not-found": 404,
  "stale-ui-block": 409,
  "ui-already-answered": 409,
  "item-not-found": 404,
  "cannot-regenerate": 409,
  "older-version": 409,
  "not-editable": 409,
  "edit-while-replying": 409,
  "edit-after-answer": 409,
  "queue-full": 429,
  "rate-limited": 429,
  "too-many-chats": 409,
  unauthorized: 401,
  "database-busy": 503,
  "database-unavailable": 503,
  busy: 429,
  "block-stale": 409,
  "block-answered": 409,
  "query-undeclared": 422,
  "link-not-found": 404,
  "source-unregistered": 422,
  "invalid-query-arguments": 422,
  "stale-ui-query": 409,
  "refresh-limit": 429,
  "source-refused": 403,
  "action-refused": 422,
  "confirmation-not-found": 404,
  "confirmation-settled": 409,
  "confirmation-expired": 410,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Loose: a refusal may carry the state it was refused against beside these. */
export const errorBodySchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  reason: z.string().optional(),
});
/** A refusal may carry the state it was refused against (e.g. a settled confirmation), so a page can redraw. */
export type ErrorBody = z.infer<typeof errorBodySchema> & Record<string, unknown>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** A finer stable code under `code`, e.g. which rule refused an action. */
  readonly reason: string | undefined;
  /** For a refusal that passes with time (429, 503): when to try again, in seconds. */
  readonly retryAfterSeconds: number | undefined;
  /** Public fields answered beside `code` and `message`; never internals. */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    reason?: string,
    options: { retryAfterSeconds?: number; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.reason = reason;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }

  toBody(): ErrorBody {
    return {
      ...this.details,
      code: this.code,
      message: this.message,
      ...(this.reason ? { reason: this.reason } : {}),
    };
  }
}

// Prisma's codes for no connection in time (pool exhausted): nothing was written, the client may retry.
const POOL_EXHAUSTED = new Set(["P2024", "P2028"]);

export function isDatabaseBusy(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    POOL_EXHAUSTED.has(String(error.code))
  );
}

// Unreachable, shutting down or starting up, as Prisma, its adapter and Postgres name it; nothing was committed.
const UNREACHABLE_CODES = new Set(["P1001", "P1002", "P1017"]);
const UNREACHABLE_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "TooManyConnections",
]);
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** An outage or a restart. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, meta } = error as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown } } };
  };
  const cause = meta?.driverAdapterError?.cause;
  return (
    UNREACHABLE_CODES.has(String(code)) ||
    UNREACHABLE_KINDS.has(String(cause?.kind)) ||
    UNAVAILABLE_SQLSTATES.has(String(cause?.code))
  );
}

/** The one way an error leaves a route: known refusals as they are, anything else as a bare 500. */
export function toErrorResponse(error: unknown): Response {
  if (isDatabaseBusy(error)) {
    return toErrorResponse(
      new AppError("database-busy", "The server is busy. Try again in a moment.", undefined, {
        retryAfterSeconds: 1,
      }),
    );
  }
  if (isDatabaseUnavailable(error)) {
    console.error("Database unavailable; answered 503");
    return toErrorResponse(
      new AppError(
        "database-unavailable",
        "The database is out of reach. Try again shortly.",
        undefined,
        { retryAfterSeconds: 5 },
      ),
    );
  }
  if (error instanceof AppError) {
    const headers =
      error.retryAfterSeconds === undefined
        ? undefined
        : { "retry-after": String(error.retryAfterSeconds) };
    return Response.json(error.toBody(), { status: error.status, headers });
  }
  console.error("Unhandled route error", error);
  const body: ErrorBody = { code: "internal", message: "Something went wrong on our side." };
  return Response.json(body, { status: 500 });
}

export function handleRoute<Args extends unknown[]>(
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}
