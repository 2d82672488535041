import { loadEarlierItems } from "@/lib/chat/chats";
import { handleRoute } from "@/lib/http/errors";
import { parseParams, parsePositionQuery } from "@/lib/http/request";
import { chatParamsSchema, earlierItemsQuerySchema } from "@/lib/http/schemas";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";

/** The page of items before `?before=` (a position), for "Show earlier messages". */
export const GET = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string }> }) => {
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const { before } = parsePositionQuery(request, earlierItemsQuerySchema);
  const visitorId = await requireVisitor(request);
  return Response.json(await loadEarlierItems({ visitorId, chatId, before }));
});
