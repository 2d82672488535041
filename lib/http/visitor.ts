import "server-only";
import { cookies } from "next/headers";
import { appConfig } from "@/lib/config";
import { AppError } from "./errors";
import { verifyVisitorCookie, VISITOR_COOKIE } from "./visitor-cookie";

/** The signed-in visitor of a route handler request. Without a valid cookie nothing is found. */
export async function requireVisitor(request: Request): Promise<string> {
  const id = await verifyVisitorCookie(readCookie(request, VISITOR_COOKIE), appConfig().sessionSecret);
  if (!id) throw new AppError("not-found", "Not found.");
  return id;
}

/** The visitor of the page being rendered, or null before the proxy has issued a cookie. */
export async function currentVisitor(): Promise<string | null> {
  const store = await cookies();
  return verifyVisitorCookie(store.get(VISITOR_COOKIE)?.value, appConfig().sessionSecret);
}

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const index = pair.indexOf("=");
    if (index > 0 && pair.slice(0, index).trim() === name) return decodeURIComponent(pair.slice(index + 1).trim());
  }
  return undefined;
}
