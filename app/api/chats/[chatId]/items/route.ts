import { loadEarlierItems } from "@/lib/chat/chats/chats";
import * as operations from "@/lib/api/operations/chats";

export const dynamic = "force-dynamic";
// A turn that reading found waiting runs after the answer, within this function's lifetime.
export const maxDuration = 300;

/** The page of items before `?before=` (a position), for "Show earlier messages". */
export const GET = operations.loadEarlierItems.serve(
  async ({ visitorId, params: { chatId }, query }) => ({
    status: 200,
    body: await loadEarlierItems({ visitorId, chatId, before: query.before }),
  }),
);
