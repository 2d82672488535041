import { createChat, listChats } from "@/lib/chat/chats/manage";
import { clientAddress } from "@/lib/http/request";
import { createChatBodySchema } from "@/lib/chat/wire/requests";
import { chatListSchema, createdChatSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const GET = defineOperation({
  operationId: "listChats",
  method: "GET",
  path: "/api/chats",
  summary: "The visitor's most recent chats, recovered first",
  needs: { visitor: true, changesState: false, recover: "visitor's chats" },
  responses: { 200: chatListSchema },
}).serve(async ({ visitorId }) => ({
  status: 200,
  body: { chats: await listChats({ visitorId }) },
}));

export const POST = defineOperation({
  operationId: "createChat",
  method: "POST",
  path: "/api/chats",
  summary: "A new chat, with its first message if one is given",
  needs: { visitor: true, body: createChatBodySchema, changesState: "counted", recover: false },
  responses: { 201: createdChatSchema },
  refusals: ["too-many-chats"],
}).serve(async ({ request, visitorId, body, startTurns }) => {
  const created = await createChat({
    visitorId,
    message: body.message,
    address: clientAddress(request),
  });
  if (created.status) startTurns(created.chatId);
  return { status: 201, body: created };
});

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods(GET, POST);
