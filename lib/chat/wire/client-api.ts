import { ERROR_CATALOG, errorBodySchema } from "@/lib/http/errors";

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

/** Throws an ApiError on a refusal. */
export async function sendJson(
  method: "POST" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
    throw parsed.success
      ? new ApiError(
          parsed.data.code,
          parsed.data.message,
          response.status,
          parsed.data.reason,
          json as Record<string, unknown>,
          Number.isFinite(retryAfter) ? retryAfter : undefined,
        )
      : new ApiError("network", ERROR_CATALOG.network.sentence, response.status);
  }
  return json;
}

export function postJson(url: string, body: unknown): Promise<unknown> {
  return sendJson("POST", url, body);
}
