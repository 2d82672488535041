import { listChatGrants, setChatGrant } from "@/lib/chat/readings/grants";
import { chatGrantBodySchema, chatParamsSchema } from "@/lib/chat/wire/requests";
import { chatGrantsSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/** The chat's source grants: what its live blocks may read, each in force until withdrawn. */
export const GET = defineOperation({
  operationId: "listGrants",
  method: "GET",
  path: "/api/chats/{chatId}/grants",
  summary: "The chat's source grants: what its live blocks may read",
  needs: { visitor: true, params: chatParamsSchema, changesState: false, recover: false },
  responses: { 200: chatGrantsSchema },
  refusals: ["chat-not-found"],
}).serve(async ({ visitorId, params: { chatId } }) => ({
  status: 200,
  body: { grants: await listChatGrants({ visitorId, chatId }) },
}));

/** Withdraws (`granted: false`) or restores a source grant of the chat. */
export const POST = defineOperation({
  operationId: "setGrant",
  method: "POST",
  path: "/api/chats/{chatId}/grants",
  summary: "Withdraws (`granted: false`) or restores a source grant of the chat",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: chatGrantBodySchema,
    changesState: "counted",
    recover: "chat",
  },
  responses: { 200: chatGrantsSchema },
  refusals: ["chat-not-found"],
}).serve(async ({ visitorId, params: { chatId }, body }) => ({
  status: 200,
  body: { grants: await setChatGrant({ visitorId, chatId, ...body }) },
}));

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods(GET, POST);
