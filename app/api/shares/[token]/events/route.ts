import { openSharedEventStream } from "@/lib/chat/stream/event-stream";
import { eventCursorQuery } from "@/lib/http/request";
import { chatEventSchema } from "@/lib/chat/wire";
import { shareParamsSchema } from "@/lib/chat/wire/requests";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** `event: unshared` ends the stream the moment the link stops working. */
export const GET = defineOperation({
  operationId: "sharedEvents",
  method: "GET",
  path: "/api/shares/{token}/events",
  summary: "A shared chat's events as Server-Sent Events, from a cursor",
  description:
    "As the owner's stream, with confirmation handles replaced and the same `event: database-answered` beat; a message `event: unshared` says the link stopped working, and the stream ends.",
  needs: { visitor: false, params: shareParamsSchema, query: eventCursorQuery, admit: "anyone" },
  responses: {
    200: {
      eventStream: chatEventSchema,
      endsWith: "unshared",
      description: "One chat event per message, in sequence order.",
    },
  },
  refusals: ["share-not-found", "database-busy", "database-unavailable"],
}).serve(async ({ request, params: { token }, query: after }) => ({
  status: 200,
  body: await openSharedEventStream({ token, after, signal: request.signal }),
}));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
