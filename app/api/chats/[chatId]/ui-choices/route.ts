import { answerUiChoice } from "@/lib/chat/answers/ui-choice";
import { startsTurn } from "@/lib/api/route";
import * as operations from "@/lib/api/operations/answers";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** `chat.uiChoice`: a person picked a Choice of an intelligent-ui block. */
export const POST = operations.answerUiChoice.serve(startsTurn(answerUiChoice));
