import { listChatGrants, setChatGrant } from "@/lib/chat/readings/grants";
import { healBeforeRequest } from "@/lib/chat/turns/background";
import { handleRoute } from "@/lib/http/errors";
import { assertSameOrigin, parseJsonBody, parseParams } from "@/lib/http/request";
import { chatGrantBodySchema, chatParamsSchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ chatId: string }> };

/** The chat's source grants: what its live blocks may read, each in force until withdrawn. */
export const GET = handleRoute(async (request: Request, context: Context) => {
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  return Response.json({ grants: await listChatGrants({ visitorId, chatId }) });
});

/** Withdraws (`granted: false`) or restores a source grant of the chat. */
export const POST = handleRoute(async (request: Request, context: Context) => {
  assertSameOrigin(request);
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  const body = await parseJsonBody(request, chatGrantBodySchema);
  await healBeforeRequest({ visitorId, chatId }, { count: true });
  return Response.json({ grants: await setChatGrant({ visitorId, chatId, ...body }) });
});
