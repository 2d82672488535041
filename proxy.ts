import { NextResponse, type NextRequest } from "next/server";
import { appConfig } from "@/lib/config";
import { databaseOutage } from "@/lib/db/health";
import { env } from "@/lib/env";
import { AppError, toErrorResponse } from "@/lib/http/errors";
import { servesHost } from "@/lib/http/request";
import {
  contentSecurityPolicy,
  createNonce,
  INLINE_STYLE_PAGES,
} from "@/lib/http/security-headers";
import { isPageRequest, outageResponse } from "@/lib/outage-page";
import {
  cookieSettings,
  duplicateCookie,
  findVisitor,
  signVisitorId,
  visitorCookieName,
  visitorCookieOptions,
  withVisitorCookie,
} from "@/lib/http/visitor";

/**
 * A new cookie is also written into the forwarded request, so this very request sees it; one in use
 * is reissued with the same id, so concurrent renewals all stay valid. Handlers authorise themselves.
 */
export async function proxy(request: NextRequest) {
  // Pages and the API alike: in development a foreign Host is a rebinding page, refused unread.
  if (!servesHost(request, appConfig())) return toErrorResponse(foreignHost());
  if (!isDecodablePath(request.nextUrl.pathname)) {
    return toErrorResponse(new AppError("invalid-path", "The path holds a malformed %-escape."));
  }
  // Next takes the nonce from the forwarded request's policy and sets it on its scripts.
  const nonce = createNonce();
  const policy = contentSecurityPolicy(nonce, {
    development: env().NODE_ENV === "development",
    inlineStyles: INLINE_STYLE_PAGES.has(request.nextUrl.pathname),
  });
  // A page cannot answer 503 itself: in a database outage it is answered here, before it renders.
  if (isPageRequest(request) && (await databaseOutage())) return outageResponse({ nonce, policy });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const settings = cookieSettings(appConfig());
  const { secret, secure, maxAgeSeconds } = settings;
  const visitor = await findVisitor(request.headers.get("cookie"), settings);
  // Neither cookie is dropped or replaced: the one we issued stays valid for when the other goes.
  if (visitor.status === "duplicate") return toErrorResponse(duplicateCookie());
  if (visitor.status === "valid" && !visitor.renew)
    return withPolicy(NextResponse.next({ request: { headers } }), policy);

  const value = await signVisitorId(
    visitor.status === "valid" ? visitor.id : crypto.randomUUID(),
    secret,
  );
  headers.set("cookie", withVisitorCookie(request.headers.get("cookie"), secure, value));
  const response = NextResponse.next({ request: { headers } });
  response.cookies.set(
    visitorCookieName(secure),
    value,
    visitorCookieOptions(secure, maxAgeSeconds),
  );
  return withPolicy(response, policy);
}

function withPolicy(response: NextResponse, policy: string): NextResponse {
  response.headers.set("content-security-policy", policy);
  return response;
}

function foreignHost(): AppError {
  return new AppError(
    "forbidden-origin",
    "The development server answers only at localhost, this machine's own addresses and APP_ORIGIN: add this page's origin to APP_ORIGIN to open it here.",
  );
}

// Route params are percent-decoded by the framework, which throws (a 500) on a malformed escape.
function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

// The MCP App sandbox sets its own policy (app/mcp-sandbox): the app's nonce one never reaches it.
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|api/health|mcp-sandbox).*)"],
};
