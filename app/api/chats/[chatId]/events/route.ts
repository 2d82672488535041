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
    "Each message carries `id:` (the event's sequence number, for `Last-Event-ID`) and `data:` (one `ChatEvent` as JSON). " +
    "Sequence numbers only grow, but they skip: when a reply finishes, its streamed events (`item.delta`, `item.part`, …) are deleted from the log and its `item.completed` carries the whole item, so a client resuming from inside that range is sent the next event that remains. " +
    "A client can rely on order (each event after its cursor, once, in commit order) and on the state after `item.completed`, not on seeing every delta; it ignores an `id` it already applied. " +
    "`Last-Event-ID` wins over `?after=`. A message `event: deleted` with `data: {}` says the chat was deleted: close the stream and do not reconnect. `retry: 1000` opens the stream; the server ends it after four minutes, and EventSource reconnects. " +
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
      endsWith: "deleted",
      description: "One chat event per message, in sequence order.",
    },
  },
  refusals: ["chat-not-found"],
}).serve(async ({ request, visitorId, params: { chatId }, query: after }) => ({
  status: 200,
  body: await openChatEventStream({ visitorId, chatId, after, signal: request.signal }),
}));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
