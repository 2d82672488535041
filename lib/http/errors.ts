import * as z from "zod/mini";

import { ERROR_CATALOG, type ErrorCode } from "./error-catalog";

export { ERROR_CATALOG, type ErrorCode } from "./error-catalog";

/** Each code's status, from the catalog (lib/http/error-catalog.ts). */
export const ERROR_STATUS = Object.fromEntries(
  Object.entries(ERROR_CATALOG).map(([code, entry]) => [code, entry.status]),
) as { readonly [Code in ErrorCode]: (typeof ERROR_CATALOG)[Code]["status"] };

/** Loose: a refusal may carry the state it was refused against beside these. */
export const errorBodySchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  reason: z.optional(z.string()),
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

  /** Without a message, the catalog's sentence for the code; a throw site words it finer when it knows more. */
  constructor(
    code: ErrorCode,
    message: string = ERROR_CATALOG[code].sentence,
    reason?: string,
    options: { retryAfterSeconds?: number; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_CATALOG[code].status;
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
      new AppError("database-busy", undefined, undefined, { retryAfterSeconds: 1 }),
    );
  }
  if (isDatabaseUnavailable(error)) {
    console.error("Database unavailable; answered 503");
    return toErrorResponse(
      new AppError("database-unavailable", undefined, undefined, { retryAfterSeconds: 5 }),
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
  const body: ErrorBody = { code: "internal", message: ERROR_CATALOG.internal.sentence };
  return Response.json(body, { status: 500 });
}
