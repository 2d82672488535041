import { regenerateReply } from "@/lib/chat/turns/regenerate";
import { itemParamsSchema } from "@/lib/chat/wire/requests";
import { regeneratingSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** Regenerate the last reply, or retry one that was interrupted: the same item, a new revision; the old one is kept as a version. */
export const POST = defineOperation({
  operationId: "regenerateReply",
  method: "POST",
  path: "/api/chats/{chatId}/items/{itemId}/regenerate",
  summary:
    "Writes the last reply again, or retries an interrupted one: the same item, a new revision",
  needs: { visitor: true, params: itemParamsSchema, changesState: "counted", recover: "chat" },
  responses: { 202: regeneratingSchema },
  refusals: ["chat-not-found", "item-not-found", "cannot-regenerate"],
}).serve(async ({ visitorId, params: { chatId, itemId }, startTurns }) => {
  const outcome = await regenerateReply({ chatId, visitorId, itemId });
  startTurns(chatId);
  return { status: 202, body: outcome };
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
