import { openChatEventStream } from "@/lib/chat/stream/event-stream";
import { eventCursorQuery } from "@/lib/http/request";
import { chatEventSchema } from "@/lib/chat/wire";
import { chatParamsSchema } from "@/lib/chat/wire/requests";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

// The stream recovers its chat itself whenever it goes quiet (lib/chat/stream/event-stream.ts).
export const GET = defineOperation({
  operationId: "chatEvents",
  method: "GET",
  path: "/api/chats/{chatId}/events",
  summary: "The chat's events as Server-Sent Events, from a cursor",
  description:
    "Each message carries `id:` (the event's sequence number, for `Last-Event-ID`) and `data:` (one chat event as JSON). " +
    "A message `event: deleted` with `data: {}` says the chat was deleted; the stream then ends. `retry: 1000` opens the stream. " +
    "`event: database-answered` with `data: {}` comes every 1.5 s, each only once the database answered a round trip: a stream that hears none for a few seconds is open on a database that does not answer.",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    query: eventCursorQuery,
    changesState: false,
    recover: false,
  },
  responses: {
    200: {
      eventStream: chatEventSchema,
      description: "One chat event per message, in sequence order.",
    },
  },
  refusals: ["chat-not-found"],
}).serve(async ({ request, visitorId, params: { chatId }, query: after }) => ({
  status: 200,
  body: await openChatEventStream({ visitorId, chatId, after, signal: request.signal }),
}));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
