import { openChatEventStream } from "@/lib/chat/stream/event-stream";
import { handleRoute } from "@/lib/http/errors";
import { parseEventCursor, parseParams } from "@/lib/http/request";
import { chatParamsSchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const GET = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string }> }) => {
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  const after = parseEventCursor(request);
  const stream = await openChatEventStream({ visitorId, chatId, after, signal: request.signal });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
});
