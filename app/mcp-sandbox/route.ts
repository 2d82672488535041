import { appConfig } from "@/lib/config";
import { AppError, toErrorResponse } from "@/lib/http/errors";
import { acceptedOrigins, firstValue } from "@/lib/http/request";
import { sandboxProxyPage } from "@/lib/mcp/sandbox-proxy";

// Outside proxy.ts (its matcher leaves this path out) and next.config.mjs's X-Frame-Options: this
// page is framed by the app's own pages and carries its own policy, never the app's nonce one.
export const dynamic = "force-dynamic";

/** The sandbox proxy, speaking to the app's page at the origin the browser reached it by. */
export async function GET(request: Request): Promise<Response> {
  const origin = pageOrigin(request);
  if (!acceptedOrigins(request, appConfig()).origins.has(origin))
    return toErrorResponse(new AppError("forbidden-origin"));
  const { html, policy } = sandboxProxyPage(origin);
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": policy,
      "x-frame-options": "SAMEORIGIN",
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
      "cache-control": "no-store",
    },
  });
}

// The server's own URL may name another host (localhost for 127.0.0.1): the page's is its Host.
function pageOrigin(request: Request): string {
  const url = new URL(request.url);
  const forwarded = appConfig().trustForwardedHeaders
    ? firstValue(request.headers.get("x-forwarded-proto"))
    : undefined;
  const protocol = forwarded ?? url.protocol.replace(":", "");
  return `${protocol}://${firstValue(request.headers.get("x-forwarded-host")) ?? request.headers.get("host") ?? url.host}`;
}
