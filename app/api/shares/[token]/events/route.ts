import { openSharedEventStream, SSE_HEADERS } from "@/lib/chat/stream/event-stream";
import { parseEventCursor } from "@/lib/http/request";
import { apiRoute } from "@/lib/api/route";
import { shareParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** The shared chat's events after the cursor; `event: unshared` ends it the moment the link stops working. */
export const GET = apiRoute({ visitor: false, params: shareParamsSchema, admit: "anyone" }, async ({ request, params: { token } }) =>
  new Response(await openSharedEventStream({ token, after: parseEventCursor(request), signal: request.signal }), { headers: SSE_HEADERS }),
);
