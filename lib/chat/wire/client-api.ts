import { DRAWN_ERRORS } from "@/lib/http/error-catalog-drawn";
import type { ErrorBody } from "@/lib/http/errors";

// The page's requests to its own API. Each route's answer is typed by the operation that sends it
// (lib/api/route.ts) and checked against the OpenAPI document by the API tests, so the page reads
// an answer by that type instead of shipping a validator to every browser (decision 029).

/** Rebuilt on the client from the refusal's `{ code, message }` body. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** The finer rule that refused, when the API names one. */
    readonly reason?: string,
    /** A refusal may carry the state it was refused against, to redraw from. */
    readonly body?: Record<string, unknown>,
    /** Retry-After in seconds, for a refusal that passes with time (429, 503). */
    readonly retryAfterSeconds?: number,
    /** What a person reads for it (`refusal` looks it up); undefined for a code the page does not know. */
    readonly sentence?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Refusal = {
  code: string;
  message: string;
  status: number;
  reason?: string;
  body?: Record<string, unknown>;
  retryAfterSeconds?: number;
};

/**
 * The ApiError for a refusal, worded for people from the error catalog. A page needs the catalog
 * only once a refusal arrives, so it loads then, not with the page. If it cannot load (the
 * connection dropped, or a new deployment replaced it), the refusal goes unworded and the page
 * says to reload.
 */
export async function refusal({
  code,
  message,
  status,
  reason,
  body,
  retryAfterSeconds,
}: Refusal): Promise<ApiError> {
  const sentence = await import("@/lib/http/error-catalog").then(
    (catalog) => catalog.refusalWords({ code, message, reason }),
    () => undefined,
  );
  return new ApiError(code, message, status, reason, body, retryAfterSeconds, sentence);
}

/** A refusal's body as the API words it: `{ code, message, reason? }` beside any state it carries. */
function isErrorBody(json: unknown): json is ErrorBody {
  if (typeof json !== "object" || json === null) return false;
  const { code, message, reason } = json as Record<string, unknown>;
  return (
    typeof code === "string" &&
    typeof message === "string" &&
    (reason === undefined || typeof reason === "string")
  );
}

/** `Answer`: the route's success body (lib/chat/wire/responses.ts). Throws an ApiError on a refusal. */
export async function sendJson<Answer>(
  method: "POST" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
    if (!isErrorBody(json)) {
      const { sentence } = DRAWN_ERRORS.network;
      throw new ApiError(
        "network",
        sentence,
        response.status,
        undefined,
        undefined,
        undefined,
        sentence,
      );
    }
    throw await refusal({
      code: json.code,
      message: json.message,
      status: response.status,
      reason: json.reason,
      body: json,
      retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : undefined,
    });
  }
  return json as Answer;
}

export function postJson<Answer>(url: string, body: unknown): Promise<Answer> {
  return sendJson<Answer>("POST", url, body);
}

/** A GET of the API: its answer, or null when it refused or could not be reached. */
export async function getJson<Answer>(url: string): Promise<Answer | null> {
  const response = await fetch(url).catch(() => null);
  if (!response?.ok) return null;
  return (await response.json().catch(() => null)) as Answer | null;
}
