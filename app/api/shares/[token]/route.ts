import { loadSharedView } from "@/lib/chat/chats/share";
import { positionQuery } from "@/lib/http/request";
import { chatViewSchema } from "@/lib/chat/wire";
import { chatViewQuerySchema, shareParamsSchema } from "@/lib/chat/wire/requests";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// A share link's routes serve GET alone, with no visitor: nothing here can write (decision 023).
export const GET = defineOperation({
  operationId: "sharedView",
  method: "GET",
  path: "/api/shares/{token}",
  summary: "A shared chat as of one moment of its log, every part closed, no confirmation handle",
  needs: {
    visitor: false,
    params: shareParamsSchema,
    query: positionQuery(chatViewQuerySchema),
    admit: "anyone",
  },
  responses: { 200: chatViewSchema },
  refusals: ["share-not-found", "database-busy", "database-unavailable"],
}).serve(async ({ params: { token }, query: { from } }) => ({
  status: 200,
  body: await loadSharedView({ token, from }),
}));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
