import { loadEarlierItems } from "@/lib/chat/chats/chats";
import { driveAfterResponse } from "@/lib/chat/turns/background";
import { healChats } from "@/lib/chat/turns/heal";
import { handleRoute } from "@/lib/http/errors";
import { parseParams, parsePositionQuery } from "@/lib/http/request";
import { chatParamsSchema, earlierItemsQuerySchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";
// A turn that reading found waiting runs after the answer, within this function's lifetime.
export const maxDuration = 300;

/** The page of items before `?before=` (a position), for "Show earlier messages". */
export const GET = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string }> }) => {
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const { before } = parsePositionQuery(request, earlierItemsQuerySchema);
  const visitorId = await requireVisitor(request);
  // Reading heals what a dead process left in the chat, as reading the chat itself does.
  driveAfterResponse(await healChats({ visitorId, chatId }));
  return Response.json(await loadEarlierItems({ visitorId, chatId, before }));
});
