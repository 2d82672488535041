import { editMessage } from "@/lib/chat/chats/edit";
import { editMessageBodySchema, itemParamsSchema } from "@/lib/chat/wire/requests";
import { editedMessageSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";
// The reply streams after the response is sent, within this function's lifetime on serverless.
export const maxDuration = 300;

/** A person's message sent again with new text: it and the items after it are replaced. */
export const POST = defineOperation({
  operationId: "editMessage",
  method: "POST",
  path: "/api/chats/{chatId}/items/{itemId}/edit",
  summary:
    "Sends a person's message again with new text: it and the items after it are replaced, and its reply starts",
  description:
    "Refused while a reply runs or a message waits, and when a later item holds an answered part (decision 021).",
  needs: {
    visitor: true,
    params: itemParamsSchema,
    body: editMessageBodySchema,
    changesState: "counted",
    recover: "chat",
  },
  responses: { 202: editedMessageSchema },
  refusals: [
    "chat-not-found",
    "item-not-found",
    "not-editable",
    "edit-while-replying",
    "edit-after-answer",
  ],
}).serve(async ({ visitorId, params: { chatId, itemId }, body: { text }, startTurns }) => {
  const sent = await editMessage({ visitorId, chatId, itemId, text });
  startTurns(chatId);
  return { status: 202, body: sent };
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
