import { AppError, toErrorResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

// Any path under /api no route serves is a JSON 404, whatever the method Next routes here (the
// seven of HTTP_METHODS in lib/api/route.ts; it answers any other itself, before a route).
function notFound(): Response {
  return toErrorResponse(new AppError("not-found", "Not found."));
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
