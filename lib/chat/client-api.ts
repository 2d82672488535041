import { errorBodySchema } from "@/lib/http/errors";

/** A refusal from the API, rebuilt on the client from its `{ code, message }` body. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** POSTs JSON to the app's API and returns the parsed body, or throws an ApiError. */
export async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    throw parsed.success
      ? new ApiError(parsed.data.code, parsed.data.message, response.status)
      : new ApiError("network", "The server did not answer as expected. Try again.", response.status);
  }
  return json;
}
