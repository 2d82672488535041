import { loadSharedEarlier } from "@/lib/chat/chats/share";
import { parsePositionQuery } from "@/lib/http/request";
import { apiRoute } from "@/lib/api/route";
import { earlierItemsQuerySchema, shareParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";

/** A shared chat's page of items before `?before=`, for "Show earlier messages". */
export const GET = apiRoute({ visitor: false, params: shareParamsSchema, admit: "anyone" }, async ({ request, params: { token } }) =>
  Response.json(await loadSharedEarlier({ token, before: parsePositionQuery(request, earlierItemsQuerySchema).before })),
);
