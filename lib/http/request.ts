import { isIP } from "node:net";
import { z } from "zod";
import { appConfig, type AppConfig } from "@/lib/config";
import { developmentHosts } from "./development-hosts.mjs";
import { AppError, type ErrorCode } from "./errors";
import { eventCursorSchema, INVALID_TEXT, MAX_POSTGRES_INT } from "./schemas";

export const MAX_BODY_BYTES = 64 * 1024;

/** Browsers send `Origin` on every cross-origin request and same-origin POST, so a missing or foreign one is refused. */
export function assertSameOrigin(request: Request, config: OriginConfig = appConfig()): void {
  const origin = request.headers.get("origin");
  const accepted = acceptedOrigins(request, config);
  if (accepted.loopbackOnly) sayOnceHowToConfigureOrigins(config.port);
  if (!origin || !accepted.origins.has(origin)) {
    throw new AppError("forbidden-origin");
  }
}

export type OriginConfig = Pick<
  AppConfig,
  "production" | "appOrigins" | "platformOrigins" | "port" | "trustForwardedHeaders"
>;

/** `loopbackOnly`: production with no origin configured, where only a browser on this machine is served. */
export type AcceptedOrigins = { origins: Set<string>; loopbackOnly: boolean };

/**
 * Any client can write Host, so production trusts only configured origins (APP_ORIGIN, Vercel's own
 * URLs and forwarded host), else loopback; development also accepts a page of this very server
 * opened by one of the names `next dev` serves (lib/http/development-hosts.mjs).
 */
export function acceptedOrigins(request: Request, config: OriginConfig): AcceptedOrigins {
  const configured = new Set([...config.appOrigins, ...config.platformOrigins]);
  const forwarded = config.trustForwardedHeaders ? forwardedOrigin(request) : undefined;
  if (forwarded) configured.add(forwarded);
  if (!config.production)
    return {
      origins: new Set([...configured, ...developmentOrigins(request, config)]),
      loopbackOnly: false,
    };
  if (configured.size > 0) return { origins: configured, loopbackOnly: false };
  return { origins: loopbackOrigins(config.port), loopbackOnly: true };
}

/**
 * Outside production, whether the request names one of the development server's own hosts. A page
 * on a domain pointed at this machine (DNS rebinding) sends its own name as Host, and on a GET no
 * Origin at all: answered, it could read the developer's chats. Production trusts its origin list
 * instead, since a deployment may be reached under names only its platform knows.
 */
export function servesHost(
  request: Request,
  config: Pick<OriginConfig, "production" | "appOrigins">,
): boolean {
  if (config.production) return true;
  const host = requestHost(request);
  return host !== undefined && developmentHosts(config.appOrigins).includes(host.hostname);
}

/** The request's Host, else its URL's host; undefined when it is not a host at all. */
function requestHost(request: Request): URL | undefined {
  const host = request.headers.get("host") ?? new URL(request.url).host;
  return URL.canParse(`http://${host}`) ? new URL(`http://${host}`) : undefined;
}

/** A page of this server under any name it serves in development, on the port it was reached at. */
function developmentOrigins(request: Request, config: OriginConfig): string[] {
  const host = requestHost(request);
  if (!host) return [];
  const port = host.port ? `:${host.port}` : "";
  return developmentHosts(config.appOrigins).flatMap((name) => [
    `http://${name}${port}`,
    `https://${name}${port}`,
  ]);
}

/** The origins of a browser on this machine reaching this instance directly. */
export function loopbackOrigins(port: number): Set<string> {
  return new Set(["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${port}`));
}

function forwardedOrigin(request: Request): string | undefined {
  const host = firstValue(request.headers.get("x-forwarded-host"));
  if (!host) return undefined;
  const proto =
    firstValue(request.headers.get("x-forwarded-proto")) ??
    new URL(request.url).protocol.replace(":", "");
  return `${proto}://${host}`;
}

export function firstValue(header: string | null): string | undefined {
  return header?.split(",")[0]?.trim() || undefined;
}

let told = false;

function sayOnceHowToConfigureOrigins(port: number): void {
  if (told) return;
  told = true;
  console.warn(
    `APP_ORIGIN is not set, so only pages at http://localhost:${port} (or 127.0.0.1, [::1]) may change anything: set APP_ORIGIN to the public origin, such as https://chat.example.com (several separated by commas).`,
  );
}

/** Only where something trustworthy names it: Vercel's X-Forwarded-For, or the last value of TRUSTED_CLIENT_IP_HEADER. */
export function clientAddress(
  request: Request,
  config: Pick<AppConfig, "trustForwardedHeaders" | "clientIpHeader"> = appConfig(),
): string | null {
  if (config.trustForwardedHeaders)
    return firstValue(request.headers.get("x-forwarded-for")) ?? null;
  if (!config.clientIpHeader) return null;
  const address = request.headers.get(config.clientIpHeader)?.split(",").at(-1)?.trim() ?? "";
  return isIP(address) ? address : null;
}

/** JSON is `application/json`, with parameters at most, and UTF-8 (RFC 8259) if a charset is named. */
function isJsonMediaType(header: string | null): boolean {
  const [essence, ...parameters] = (header ?? "").split(";");
  if (essence?.trim().toLowerCase() !== "application/json") return false;
  return parameters.every((parameter) => {
    const [name, value = ""] = parameter.split("=");
    return name?.trim().toLowerCase() !== "charset" || /^"?utf-8"?$/i.test(value.trim());
  });
}

export async function parseJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.infer<S>> {
  if (!isJsonMediaType(request.headers.get("content-type"))) {
    throw new AppError("unsupported-media-type");
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
    const unstorable = parsed.error.issues.find(
      (issue) => issue.code === "custom" && issue.params?.code === INVALID_TEXT,
    );
    const where = (unstorable ?? parsed.error.issues[0])?.path.join(".") || "body";
    if (unstorable)
      throw new AppError(
        "invalid-text",
        `The text at ${where} holds a NUL or an unpaired surrogate, which cannot be stored.`,
      );
    // Text over its limit says the limit, so a client can tell the person how much to cut.
    const first = parsed.error.issues[0];
    if (first?.code === "too_big" && first.origin === "string") {
      throw new AppError(
        "invalid-body",
        `The text at ${where} is longer than its limit of ${Number(first.maximum)} characters.`,
      );
    }
    throw new AppError("invalid-body", `The request body is invalid at ${where}.`);
  }
  return parsed.data;
}

/** Where a stream starts: `Last-Event-ID` (a reconnect), `?after=` (a first connection), else 0. */
export function parseEventCursor(request: Request): number {
  const raw =
    request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after");
  if (raw === null) return 0;
  const parsed = eventCursorSchema.safeParse(raw);
  if (!parsed.success)
    throw new AppError(
      "invalid-cursor",
      `An event cursor is a whole number from 0 to ${MAX_POSTGRES_INT}.`,
    );
  return parsed.data;
}

/** Parses an item position query (`?before=`, `?from=`); anything but a Postgres integer is refused. */
export function parsePositionQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success)
    throw new AppError(
      "invalid-position",
      `An item position is a whole number from 0 to ${MAX_POSTGRES_INT}.`,
    );
  return parsed.data;
}

/** A route's query: the schema it is documented by, the code it is refused with, and how it is read. */
export type QueryReader<Q> = {
  schema: z.ZodObject;
  header?: { name: string; description: string; schema: z.ZodType };
  refusal: ErrorCode;
  read: (request: Request) => Q;
};

export function positionQuery<S extends z.ZodObject>(schema: S): QueryReader<z.infer<S>> {
  return {
    schema,
    refusal: "invalid-position",
    read: (request) => parsePositionQuery(request, schema),
  };
}

/** `?after=` or, on a reconnect, the `Last-Event-ID` header. */
export const eventCursorQuery: QueryReader<number> = {
  schema: z.object({
    after: eventCursorSchema
      .optional()
      .describe("The sequence number of the last event the client holds (a first connection)."),
  }),
  header: {
    name: "last-event-id",
    description:
      "The `id` of the last message received (a reconnect; EventSource sends it itself). It wins over `?after=` when both are sent.",
    schema: eventCursorSchema,
  },
  refusal: "invalid-cursor",
  read: parseEventCursor,
};

/** A malformed id is simply not found. */
export function parseParams<S extends z.ZodType>(input: unknown, schema: S): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError("not-found");
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
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("invalid-text", "The body is not valid UTF-8.");
  }
}

function tooLarge(): AppError {
  return new AppError("body-too-large", `The body is larger than ${MAX_BODY_BYTES / 1024} KiB.`);
}
