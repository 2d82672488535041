import { openChatEventStream } from "@/lib/chat/stream/event-stream";
import { parseEventCursor } from "@/lib/http/request";
import { apiRoute } from "@/lib/http/route";
import { chatParamsSchema } from "@/lib/http/schemas";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

// The stream heals its chat itself when it goes quiet (lib/chat/stream/event-stream.ts).
export const GET = apiRoute({
  visitor: true,
  params: chatParamsSchema,
  query: parseEventCursor,
  changesState: false,
  heal: false,
  handle: async ({ request, visitorId, params: { chatId }, query: after }) => {
    const stream = await openChatEventStream({ visitorId, chatId, after, signal: request.signal });
    return new Response(stream, {
      headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
    });
  },
});
