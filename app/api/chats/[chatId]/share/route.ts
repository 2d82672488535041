import { shareChat, shareState, unshareChat } from "@/lib/chat/chats/share";
import { chatParamsSchema } from "@/lib/chat/wire/requests";
import { shareIssuedSchema, shareStateSchema } from "@/lib/chat/wire/shares";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = defineOperation({
  operationId: "shareState",
  method: "GET",
  path: "/api/chats/{chatId}/share",
  summary:
    "Whether the chat's read-only link works, and since when; never the link itself (only its hash is kept)",
  needs: { visitor: true, params: chatParamsSchema, changesState: false, recover: false },
  responses: { 200: shareStateSchema },
  refusals: ["chat-not-found"],
}).serve(async ({ visitorId, params: { chatId } }) => ({
  status: 200,
  body: await shareState({ visitorId, chatId }),
}));

/** A new link, said once; an older one stops working (decision 023). */
export const POST = defineOperation({
  operationId: "shareChat",
  method: "POST",
  path: "/api/chats/{chatId}/share",
  summary: "A new read-only link, said once; an older one stops working",
  needs: { visitor: true, params: chatParamsSchema, changesState: "counted", recover: false },
  responses: { 200: shareIssuedSchema },
  refusals: ["chat-not-found"],
}).serve(async ({ visitorId, params: { chatId } }) => ({
  status: 200,
  body: await shareChat({ visitorId, chatId }),
}));

/** Never refused for the request window: stopping a share must always be possible. */
export const DELETE = defineOperation({
  operationId: "unshareChat",
  method: "DELETE",
  path: "/api/chats/{chatId}/share",
  summary: "Private again: every link's page and stream stop at once",
  needs: { visitor: true, params: chatParamsSchema, changesState: "uncounted", recover: false },
  responses: { 200: shareStateSchema },
  refusals: ["chat-not-found"],
}).serve(async ({ visitorId, params: { chatId } }) => ({
  status: 200,
  body: await unshareChat({ visitorId, chatId }),
}));

export const { OPTIONS, PUT, PATCH } = otherMethods(GET, POST, DELETE);
