import { sendMessage } from "@/lib/chat/chats/send-message";
import { chatParamsSchema, sendMessageBodySchema } from "@/lib/chat/wire/requests";
import { sentMessageSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";
// The reply streams after the response is sent, within this function's lifetime on serverless.
export const maxDuration = 300;

export const POST = defineOperation({
  operationId: "sendMessage",
  method: "POST",
  path: "/api/chats/{chatId}/messages",
  summary: "Sends a message: answered now, or queued behind the reply being written",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: sendMessageBodySchema,
    changesState: "counted",
    recover: "chat",
  },
  responses: { 202: sentMessageSchema },
  refusals: ["chat-not-found", "queue-full"],
}).serve(async ({ visitorId, params: { chatId }, body: { text }, startTurns }) => {
  const sent = await sendMessage({ visitorId, chatId, text });
  if (sent.status === "sent") startTurns(chatId);
  return { status: 202, body: { status: sent.status, itemId: sent.itemId } };
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
