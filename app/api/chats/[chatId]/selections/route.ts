import { pickFrameChoice } from "@/lib/chat/answers/selections";
import { chatParamsSchema, selectionBodySchema } from "@/lib/chat/wire/requests";
import { selectionOutcomeSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods, startsTurn } from "@/lib/api/route";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** A person picked a choice of a component frame. */
export const POST = defineOperation({
  operationId: "selectFrameChoice",
  method: "POST",
  path: "/api/chats/{chatId}/selections",
  summary: "A person picked a choice of a component frame",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: selectionBodySchema,
    changesState: "counted",
    recover: "chat",
  },
  responses: { 200: selectionOutcomeSchema },
  refusals: [
    "chat-not-found",
    "frame-not-found",
    "frame-not-answerable",
    "frame-already-answered",
    "older-version",
    "refused_choice",
    "action-refused",
    "queue-full",
  ],
}).serve(startsTurn(pickFrameChoice));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
