import { requestStop } from "@/lib/chat/turns/stop";
import { handleRoute } from "@/lib/http/errors";
import { assertSameOrigin, parseParams } from "@/lib/http/request";
import { chatParamsSchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";

/** Stop the reply being written; the turn ends as stopped and the queue moves on. */
export const POST = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string }> }) => {
  assertSameOrigin(request);
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  return Response.json(await requestStop({ visitorId, chatId }), { status: 202 });
});
