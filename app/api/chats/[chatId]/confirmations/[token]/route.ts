import { decideConfirmation } from "@/lib/chat/answers/confirmations";
import { driveAfterResponse } from "@/lib/chat/turns/background";
import { healChats } from "@/lib/chat/turns/heal";
import { handleRoute } from "@/lib/http/errors";
import { assertSameOrigin, parseJsonBody, parseParams } from "@/lib/http/request";
import { confirmationBodySchema, confirmationParamsSchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";
// A decision tells the agent how the action ended; its reply streams within this function's lifetime.
export const maxDuration = 300;

export const POST = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string; token: string }> }) => {
  assertSameOrigin(request);
  const { chatId, token } = parseParams(await context.params, confirmationParamsSchema);
  const visitorId = await requireVisitor(request);
  const { decision, reason } = await parseJsonBody(request, confirmationBodySchema);
  const waiting = await healChats({ visitorId, chatId }, { count: true });
  // Whatever the answer, a report of an outcome may now wait for the agent (driving is idempotent).
  driveAfterResponse([...waiting, chatId]);
  const confirmation = await decideConfirmation({ visitorId, chatId, token, decision, reason });
  return Response.json({ confirmation });
});
