import { errorBodySchema } from "@/lib/http/errors";

/** A refusal from the API, rebuilt on the client from its `{ code, message }` body. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** The finer rule that refused, when the API names one (e.g. which action check failed). */
    readonly reason?: string,
    /** The whole body: a refusal may carry the state it was refused against, to redraw from. */
    readonly body?: Record<string, unknown>,
    /** For a refusal that passes with time (429, 503): the Retry-After header, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Sends JSON to the app's API with the given method and returns the parsed body, or throws an ApiError. */
export async function sendJson(method: "POST" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<unknown> {
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
      ? new ApiError(parsed.data.code, parsed.data.message, response.status, parsed.data.reason, json as Record<string, unknown>, Number.isFinite(retryAfter) ? retryAfter : undefined)
      : new ApiError("network", "The server did not answer as expected. Try again.", response.status);
  }
  return json;
}

/** POSTs JSON to the app's API and returns the parsed body, or throws an ApiError. */
export function postJson(url: string, body: unknown): Promise<unknown> {
  return sendJson("POST", url, body);
}
