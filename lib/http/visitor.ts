import "server-only";
import { headers } from "next/headers";
import { appConfig } from "@/lib/config";
import { AppError } from "./errors";
import { cookieSettings, duplicateCookie, findVisitor } from "./visitor-cookie";

const settings = () => cookieSettings(appConfig());

/** The signed-in visitor of a route handler request. Without a valid, unexpired cookie nothing is found. */
export async function requireVisitor(request: Request): Promise<string> {
  const visitor = await findVisitor(request.headers.get("cookie"), settings());
  if (visitor.status === "duplicate") throw duplicateCookie();
  if (visitor.status === "missing") throw new AppError("not-found");
  return visitor.id;
}

/** The visitor of the page being rendered, or null before the proxy has issued a cookie. */
export async function currentVisitor(): Promise<string | null> {
  const visitor = await findVisitor((await headers()).get("cookie"), settings());
  return visitor.status === "valid" ? visitor.id : null;
}
