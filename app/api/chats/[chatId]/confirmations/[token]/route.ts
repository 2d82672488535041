import { decideConfirmation } from "@/lib/chat/confirmations";
import { healBeforeRequest } from "@/lib/chat/turns/background";
import { handleRoute } from "@/lib/http/errors";
import { countRequest } from "@/lib/http/rate-limit";
import { assertSameOrigin, parseJsonBody, parseParams } from "@/lib/http/request";
import { confirmationBodySchema, confirmationParamsSchema } from "@/lib/http/schemas";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";
// A turn that healing finds waiting runs after the response, within this lifetime.
export const maxDuration = 300;

export const POST = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string; token: string }> }) => {
  assertSameOrigin(request);
  const { chatId, token } = parseParams(await context.params, confirmationParamsSchema);
  const visitorId = await requireVisitor(request);
  const { decision, reason } = await parseJsonBody(request, confirmationBodySchema);
  await countRequest({ visitorId });
  await healBeforeRequest({ visitorId, chatId });
  const confirmation = await decideConfirmation({ visitorId, chatId, token, decision, reason });
  return Response.json({ confirmation });
});
