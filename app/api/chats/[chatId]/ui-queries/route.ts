import { readUiQuery } from "@/lib/chat/answers/ui-query";
import { chatParamsSchema, uiQueryBodySchema } from "@/lib/chat/wire/requests";
import { uiReadingSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";
import { VALUE_REFUSALS } from "@/lib/api/refusals";

export const dynamic = "force-dynamic";

/** `ui.query`: a reading of one of a live block's queries, issued by the server, counted (decision 016). */
export const POST = defineOperation({
  operationId: "readUiQuery",
  method: "POST",
  path: "/api/chats/{chatId}/ui-queries",
  summary: "`ui.query`: a reading of one of a live block's queries, issued by the server",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: uiQueryBodySchema,
    changesState: "counted",
    recover: "chat",
  },
  responses: { 200: uiReadingSchema },
  refusals: [
    "chat-not-found",
    "block-stale",
    "block-answered",
    "query-undeclared",
    "source-unregistered",
    "invalid-query-arguments",
    "source-refused",
    "refresh-limit",
    "busy",
    ...VALUE_REFUSALS,
  ],
}).serve(async ({ visitorId, params: { chatId }, body }) => ({
  status: 200,
  body: { reading: await readUiQuery({ chatId, visitorId, ...body }) },
}));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
