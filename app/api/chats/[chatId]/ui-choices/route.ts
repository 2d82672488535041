import { after } from "next/server";
import { answerUiChoice } from "@/lib/chat/answers/ui-choice";
import { healBeforeRequest } from "@/lib/chat/turns/background";
import { driveChat } from "@/lib/chat/turns/run";
import { handleRoute } from "@/lib/http/errors";
import { assertSameOrigin, parseJsonBody, parseParams } from "@/lib/http/request";
import { chatParamsSchema, uiChoiceBodySchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** `chat.uiChoice`: a person picked a Choice of an intelligent-ui block. */
export const POST = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string }> }) => {
  assertSameOrigin(request);
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  const body = await parseJsonBody(request, uiChoiceBodySchema);
  await healBeforeRequest({ visitorId, chatId }, { count: true });
  const outcome = await answerUiChoice({ chatId, visitorId, ...body });
  if (outcome.status === "sent") after(() => driveChat(chatId));
  return Response.json(outcome);
});
