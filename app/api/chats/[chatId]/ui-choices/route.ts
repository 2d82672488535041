import { answerUiChoice } from "@/lib/chat/answers/ui-choice";
import { apiRoute, startsTurn } from "@/lib/api/route";
import { chatParamsSchema, uiChoiceBodySchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** `chat.uiChoice`: a person picked a Choice of an intelligent-ui block. */
export const POST = apiRoute({ visitor: true, params: chatParamsSchema, body: uiChoiceBodySchema, changesState: "counted", heal: "chat" }, startsTurn(answerUiChoice));
