import { AppError } from "./errors";

/** Each API route's methods, for the `Allow` of a 405 the framework leaves out (api-routes.test.ts checks it). */
export const API_ROUTES: Record<string, readonly string[]> = {
  "/api/chats": ["GET", "POST"],
  "/api/chats/[chatId]": ["GET", "PATCH", "DELETE"],
  "/api/chats/[chatId]/confirmations/[token]": ["POST"],
  "/api/chats/[chatId]/events": ["GET"],
  "/api/chats/[chatId]/grants": ["GET", "POST"],
  "/api/chats/[chatId]/items": ["GET"],
  "/api/chats/[chatId]/items/[itemId]/edit": ["POST"],
  "/api/chats/[chatId]/items/[itemId]/regenerate": ["POST"],
  "/api/chats/[chatId]/messages": ["POST"],
  "/api/chats/[chatId]/selections": ["POST"],
  "/api/chats/[chatId]/share": ["GET", "POST", "DELETE"],
  "/api/chats/[chatId]/turns/stop": ["POST"],
  "/api/chats/[chatId]/ui-choices": ["POST"],
  "/api/chats/[chatId]/ui-links": ["POST"],
  "/api/chats/[chatId]/ui-queries": ["POST"],
  "/api/chats/search": ["GET"],
  "/api/cron/sweep": ["GET"],
  "/api/health": ["GET"],
  "/api/internal/turns/[chatId]": ["POST"],
  "/api/openapi.json": ["GET"],
  "/api/shares/[token]": ["GET"],
  "/api/shares/[token]/events": ["GET"],
  "/api/shares/[token]/items": ["GET"],
};

/** The methods the framework builds a Request for; it answers any other with a bare 400. */
const FETCH_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

const PAGE_METHODS = "GET, HEAD";

/** Under /api every answer is JSON. */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** An API path's `Allow`: its methods, with OPTIONS and HEAD beside GET, which the framework answers itself. */
export function allowedMethods(pathname: string): string | undefined {
  const segments = pathname.split("/");
  const pattern = Object.keys(API_ROUTES).find((route) => {
    const parts = route.split("/");
    return (
      parts.length === segments.length &&
      parts.every((part, index) =>
        part.startsWith("[") ? segments[index] !== "" : part === segments[index],
      )
    );
  });
  if (!pattern) return undefined;
  const methods = new Set([...API_ROUTES[pattern]!, "OPTIONS"]);
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort().join(", ");
}

/** The path of a request-target, in origin form (`/a?b`) or absolute form (`http://host/a`). */
export function targetPath(target: string): string | undefined {
  if (target.startsWith("/")) return target.split("?")[0];
  return /^https?:\/\//i.test(target) && URL.canParse(target)
    ? new URL(target).pathname
    : undefined;
}

export type EarlyRefusal = { error: AppError; allow?: string };

/** A request-target that is not a path (`*`) and non-Fetch methods (TRACE…), which the framework would fail with 500 or bare 400. */
export function refusalBeforeFramework(method: string, target: string): EarlyRefusal | null {
  const path = targetPath(target);
  if (path === undefined)
    return {
      error: new AppError(
        "malformed-request",
        "The request-target must be a path such as /api/chats.",
      ),
    };
  if (FETCH_METHODS.has(method.toUpperCase())) return null;
  if (!isApiPath(path)) return { error: methodNotAllowed(method), allow: PAGE_METHODS };
  const allow = allowedMethods(path);
  return allow
    ? { error: methodNotAllowed(method), allow }
    : { error: new AppError("not-found", "Not found.") };
}

export function methodNotAllowed(method: string | undefined): AppError {
  return new AppError("method-not-allowed", `${method} is not served here.`);
}
