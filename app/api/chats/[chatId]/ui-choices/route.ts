import { pickUiChoice } from "@/lib/chat/answers/ui-choice";
import { chatParamsSchema, uiChoiceBodySchema } from "@/lib/chat/wire/requests";
import { uiChoiceOutcomeSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods, startsTurn } from "@/lib/api/route";
import { VALUE_REFUSALS } from "@/lib/api/refusals";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** `chat.uiChoice`: a person picked a Choice of an intelligent-ui block. */
export const POST = defineOperation({
  operationId: "answerUiChoice",
  method: "POST",
  path: "/api/chats/{chatId}/ui-choices",
  summary: "`chat.uiChoice`: a person picked a Choice of an intelligent-ui block",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: uiChoiceBodySchema,
    changesState: "counted",
    recover: "chat",
  },
  responses: { 200: uiChoiceOutcomeSchema },
  refusals: [
    "chat-not-found",
    "ui-block-not-found",
    "stale-ui-block",
    "ui-already-answered",
    "stale-ui-query",
    "refused_choice",
    ...VALUE_REFUSALS,
    "source-refused",
    "queue-full",
  ],
}).serve(startsTurn(pickUiChoice));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
