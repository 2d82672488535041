import { AppError, toErrorResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/**
 * Every path under /api that no route serves answers a JSON 404 with a code, whatever the method,
 * rather than the HTML page for unknown pages. Methods outside the Fetch standard never get here:
 * lib/http/method-guard.ts refuses them first.
 */
function notFound(): Response {
  return toErrorResponse(new AppError("not-found", "Not found."));
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
