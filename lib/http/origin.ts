import type { AppConfig } from "@/lib/config";

export type OriginConfig = Pick<
  AppConfig,
  "production" | "appOrigins" | "platformOrigins" | "port" | "trustForwardedHeaders"
>;

/** `loopbackOnly`: production with no origin configured, where only a browser on this machine is served. */
export type AcceptedOrigins = { origins: Set<string>; loopbackOnly: boolean };

/**
 * Any client can write Host, so production trusts only configured origins (APP_ORIGIN, Vercel's own
 * URLs and forwarded host), else loopback; development also accepts the request's own origin.
 */
export function acceptedOrigins(request: Request, config: OriginConfig): AcceptedOrigins {
  const configured = new Set([...config.appOrigins, ...config.platformOrigins]);
  const forwarded = config.trustForwardedHeaders ? forwardedOrigin(request) : undefined;
  if (forwarded) configured.add(forwarded);
  if (!config.production)
    return { origins: new Set([...configured, ...ownOrigins(request)]), loopbackOnly: false };
  if (configured.size > 0) return { origins: configured, loopbackOnly: false };
  return { origins: loopbackOrigins(config.port), loopbackOnly: true };
}

/** The origins of a browser on this machine reaching this instance directly. */
export function loopbackOrigins(port: number): Set<string> {
  return new Set(["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${port}`));
}

function ownOrigins(request: Request): string[] {
  const url = new URL(request.url);
  const host = request.headers.get("host");
  return host ? [url.origin, `${url.protocol}//${host}`] : [url.origin];
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
