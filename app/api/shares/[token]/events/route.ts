import { openSharedEventStream } from "@/lib/chat/stream/event-stream";
import * as operations from "@/lib/api/operations/shares";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** `event: unshared` ends the stream the moment the link stops working. */
export const GET = operations.sharedEvents.serve(
  async ({ request, params: { token }, query: after }) => ({
    status: 200,
    body: await openSharedEventStream({ token, after, signal: request.signal }),
  }),
);
