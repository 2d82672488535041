import { openChatEventStream, SSE_HEADERS } from "@/lib/chat/stream/event-stream";
import { parseEventCursor } from "@/lib/http/request";
import { apiRoute } from "@/lib/api/route";
import { chatParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

// The stream heals its chat itself whenever it goes quiet (lib/chat/stream/event-stream.ts).
export const GET = apiRoute(
  { visitor: true, params: chatParamsSchema, query: parseEventCursor, changesState: false, heal: false },
  async ({ request, visitorId, params: { chatId }, query: after }) =>
    new Response(await openChatEventStream({ visitorId, chatId, after, signal: request.signal }), { headers: SSE_HEADERS }),
);
