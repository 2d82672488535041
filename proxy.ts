import { NextResponse, type NextRequest } from "next/server";
import { appConfig } from "@/lib/config";
import {
  signVisitorId,
  verifyVisitorCookie,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE,
} from "@/lib/http/visitor-cookie";

/**
 * Gives every visitor a signed id on first contact. The new cookie is also written into the
 * forwarded request, so the page or handler serving this very request already sees it.
 * Authorisation itself happens in the handlers, which verify the cookie again.
 */
export async function proxy(request: NextRequest) {
  const { sessionSecret } = appConfig();
  const current = request.cookies.get(VISITOR_COOKIE)?.value;
  if (await verifyVisitorCookie(current, sessionSecret)) return NextResponse.next();

  const value = await signVisitorId(crypto.randomUUID(), sessionSecret);
  request.cookies.set(VISITOR_COOKIE, value);
  const response = NextResponse.next({ request: { headers: new Headers(request.headers) } });
  response.cookies.set(VISITOR_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.nextUrl.protocol === "https:",
    path: "/",
    maxAge: VISITOR_COOKIE_MAX_AGE,
  });
  return response;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|api/health).*)"],
};
