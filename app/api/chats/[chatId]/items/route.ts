import { loadEarlierItems } from "@/lib/chat/chats/chat-view";
import { positionQuery } from "@/lib/http/request";
import { earlierItemsSchema } from "@/lib/chat/wire";
import { chatParamsSchema, earlierItemsQuerySchema } from "@/lib/chat/wire/requests";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";
// A turn that reading found waiting runs after the answer, within this function's lifetime.
export const maxDuration = 300;

/** The page of items before `?before=` (a position), for "Show earlier messages". */
export const GET = defineOperation({
  operationId: "loadEarlierItems",
  method: "GET",
  path: "/api/chats/{chatId}/items",
  summary: "The page of items before `before` (a position), for scrolling back",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    query: positionQuery(earlierItemsQuerySchema),
    changesState: false,
    recover: "chat",
  },
  responses: { 200: earlierItemsSchema },
  refusals: ["chat-not-found"],
}).serve(async ({ visitorId, params: { chatId }, query }) => ({
  status: 200,
  body: await loadEarlierItems({ visitorId, chatId, before: query.before }),
}));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
