import { ERROR_CATALOG } from "@/lib/http/error-catalog";
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
  ) {
    super(message);
    this.name = "ApiError";
  }
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
    throw isErrorBody(json)
      ? new ApiError(
          json.code,
          json.message,
          response.status,
          json.reason,
          json,
          Number.isFinite(retryAfter) ? retryAfter : undefined,
        )
      : new ApiError("network", ERROR_CATALOG.network.sentence, response.status);
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
