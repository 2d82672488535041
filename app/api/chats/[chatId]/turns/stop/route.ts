import { requestStop } from "@/lib/chat/turns/stop";
import { chatParamsSchema } from "@/lib/chat/wire/requests";
import { stoppingSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/** Stop the reply being written; the turn ends as stopped and the queue moves on. */
export const POST = defineOperation({
  operationId: "stopTurn",
  method: "POST",
  path: "/api/chats/{chatId}/turns/stop",
  summary: "Stops the reply being written; the turn ends as stopped and the queue moves on",
  needs: { visitor: true, params: chatParamsSchema, changesState: "uncounted", recover: false },
  responses: { 202: stoppingSchema },
  refusals: ["chat-not-found"],
}).serve(async ({ visitorId, params: { chatId }, startTurns }) => {
  const { stopping, next } = await requestStop({ visitorId, chatId });
  if (next) startTurns(chatId);
  return { status: 202, body: { stopping } };
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
