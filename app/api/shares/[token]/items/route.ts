import { loadSharedEarlier } from "@/lib/chat/chats/share";
import { positionQuery } from "@/lib/http/request";
import { earlierItemsSchema } from "@/lib/chat/wire";
import { earlierItemsQuerySchema, shareParamsSchema } from "@/lib/chat/wire/requests";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = defineOperation({
  operationId: "sharedEarlierItems",
  method: "GET",
  path: "/api/shares/{token}/items",
  summary: "A shared chat's page of items before `before`, for scrolling back",
  needs: {
    visitor: false,
    params: shareParamsSchema,
    query: positionQuery(earlierItemsQuerySchema),
    admit: "anyone",
  },
  responses: { 200: earlierItemsSchema },
  refusals: ["share-not-found", "database-busy", "database-unavailable"],
}).serve(async ({ params: { token }, query: { before } }) => ({
  status: 200,
  body: await loadSharedEarlier({ token, before }),
}));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
