import { loadEarlierItems } from "@/lib/chat/chats/chats";
import { parsePositionQuery } from "@/lib/http/request";
import { apiRoute } from "@/lib/api/route";
import { chatParamsSchema, earlierItemsQuerySchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
// A turn that reading found waiting runs after the answer, within this function's lifetime.
export const maxDuration = 300;

const earlier = (request: Request) => parsePositionQuery(request, earlierItemsQuerySchema);

/** The page of items before `?before=` (a position), for "Show earlier messages". */
export const GET = apiRoute({ visitor: true, params: chatParamsSchema, query: earlier, changesState: false, heal: "chat" }, async ({ visitorId, params: { chatId }, query }) =>
  Response.json(await loadEarlierItems({ visitorId, chatId, before: query.before })),
);
