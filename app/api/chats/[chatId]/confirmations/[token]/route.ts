import { decideConfirmation } from "@/lib/chat/answers/confirmations";
import { confirmationBodySchema, confirmationParamsSchema } from "@/lib/chat/wire/requests";
import { decidedConfirmationSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";
// A decision tells the agent how the action ended; its reply streams within this function's lifetime.
export const maxDuration = 300;

export const POST = defineOperation({
  operationId: "decideConfirmation",
  method: "POST",
  path: "/api/chats/{chatId}/confirmations/{token}",
  summary: "Approves, rejects, or edits and approves an action awaiting confirmation",
  needs: {
    visitor: true,
    params: confirmationParamsSchema,
    body: confirmationBodySchema,
    changesState: "counted",
    recover: "chat",
  },
  responses: { 200: decidedConfirmationSchema },
  refusals: [
    "chat-not-found",
    "confirmation-not-found",
    "confirmation-settled",
    "confirmation-expired",
    "confirmation-replaced",
    "confirmation-edit-refused",
  ],
}).serve(async ({ visitorId, params: { chatId, token }, body, startTurns }) => {
  // Whatever the answer, a report of an outcome may now wait for the agent.
  startTurns(chatId);
  return {
    status: 200,
    body: { confirmation: await decideConfirmation({ visitorId, chatId, token, ...body }) },
  };
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
