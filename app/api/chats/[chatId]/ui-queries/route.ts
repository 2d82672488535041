import { readUiQuery } from "@/lib/chat/answers/ui-query";
import { healBeforeRequest } from "@/lib/chat/turns/background";
import { handleRoute } from "@/lib/http/errors";
import { assertSameOrigin, parseJsonBody, parseParams } from "@/lib/http/request";
import { chatParamsSchema, uiQueryBodySchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";

/** `ui.query`: a reading of one of a live block's queries, issued by the server; counted like every state-changing request. */
export const POST = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string }> }) => {
  assertSameOrigin(request);
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  const body = await parseJsonBody(request, uiQueryBodySchema);
  await healBeforeRequest({ visitorId, chatId }, { count: true });
  return Response.json({ reading: await readUiQuery({ chatId, visitorId, ...body }) });
});
