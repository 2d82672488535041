import { loadChatView } from "@/lib/chat/chats/chat-view";
import { deleteChat, renameChat } from "@/lib/chat/chats/manage";
import { positionQuery } from "@/lib/http/request";
import { chatViewSchema } from "@/lib/chat/wire";
import {
  chatParamsSchema,
  chatViewQuerySchema,
  renameChatBodySchema,
} from "@/lib/chat/wire/requests";
import { deletedChatSchema, renamedChatSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** Reading recovers the chat, watched or not; a confirmation whose time ran out tells the agent, whose turn runs here. */
export const GET = defineOperation({
  operationId: "loadChat",
  method: "GET",
  path: "/api/chats/{chatId}",
  summary: "The chat's latest items (back to `from`), its queue and `lastEventSeq`",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    query: positionQuery(chatViewQuerySchema),
    changesState: false,
    recover: "chat",
  },
  responses: { 200: chatViewSchema },
  refusals: ["chat-not-found"],
}).serve(async ({ visitorId, params: { chatId }, query }) => ({
  status: 200,
  body: await loadChatView({ visitorId, chatId, from: query.from }),
}));

export const PATCH = defineOperation({
  operationId: "renameChat",
  method: "PATCH",
  path: "/api/chats/{chatId}",
  summary: "Renames the chat; every open page hears `chat.renamed`",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: renameChatBodySchema,
    changesState: "uncounted",
    recover: false,
  },
  responses: { 200: renamedChatSchema },
  refusals: ["chat-not-found"],
}).serve(async ({ visitorId, params: { chatId }, body: { title } }) => ({
  status: 200,
  body: await renameChat({ visitorId, chatId, title }),
}));

export const DELETE = defineOperation({
  operationId: "deleteChat",
  method: "DELETE",
  path: "/api/chats/{chatId}",
  summary: "Deletes the chat; its open streams end with a `deleted` event",
  needs: { visitor: true, params: chatParamsSchema, changesState: "uncounted", recover: false },
  responses: { 200: deletedChatSchema },
  refusals: ["chat-not-found"],
}).serve(async ({ visitorId, params: { chatId } }) => ({
  status: 200,
  body: await deleteChat({ visitorId, chatId }),
}));

export const { OPTIONS, POST, PUT } = otherMethods(GET, PATCH, DELETE);
