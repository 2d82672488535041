import type { z } from "zod";
import { appConfig } from "@/lib/config";
import { AppError } from "./errors";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * State-changing requests must come from the app's own pages. Browsers always send `Origin` on
 * cross-origin and on same-origin POSTs, so a missing or foreign one is refused.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  const allowed = new Set([new URL(request.url).origin]);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) {
    const proto = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "");
    allowed.add(`${proto}://${host}`);
  }
  const configured = appConfig().appOrigin;
  if (configured) allowed.add(configured);
  if (!origin || !allowed.has(origin)) {
    throw new AppError("forbidden-origin", "This request must come from the app's own pages.");
  }
}

/** Reads a JSON body of at most MAX_BODY_BYTES and parses it with the schema. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new AppError("unsupported-media-type", "Send the body as application/json.");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await readLimitedText(request);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("invalid-body", "The body is not valid JSON.");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join(".") || "body";
    throw new AppError("invalid-body", `The request body is invalid at ${where}.`);
  }
  return parsed.data;
}

/** Parses route params or search params; a malformed id is simply not found. */
export function parseParams<S extends z.ZodType>(input: unknown, schema: S): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError("not-found", "Not found.");
  return parsed.data;
}

async function readLimitedText(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function tooLarge(): AppError {
  return new AppError("body-too-large", `The body is larger than ${MAX_BODY_BYTES / 1024} KiB.`);
}
