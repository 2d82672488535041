import { decideConfirmation } from "@/lib/chat/confirmations";
import { handleRoute } from "@/lib/http/errors";
import { assertSameOrigin, parseJsonBody, parseParams } from "@/lib/http/request";
import { confirmationBodySchema, confirmationParamsSchema } from "@/lib/http/schemas";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";

export const POST = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string; token: string }> }) => {
  assertSameOrigin(request);
  const { chatId, token } = parseParams(await context.params, confirmationParamsSchema);
  const visitorId = await requireVisitor(request);
  const { decision, reason } = await parseJsonBody(request, confirmationBodySchema);
  const confirmation = await decideConfirmation({ visitorId, chatId, token, decision, reason });
  return Response.json({ confirmation });
});
