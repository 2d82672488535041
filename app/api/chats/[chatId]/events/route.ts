import { openChatEventStream } from "@/lib/chat/stream/event-stream";
import * as operations from "@/lib/api/operations/chats";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

// The stream heals its chat itself whenever it goes quiet (lib/chat/stream/event-stream.ts).
export const GET = operations.chatEvents.serve(
  async ({ request, visitorId, params: { chatId }, query: after }) => ({
    status: 200,
    body: await openChatEventStream({ visitorId, chatId, after, signal: request.signal }),
  }),
);
