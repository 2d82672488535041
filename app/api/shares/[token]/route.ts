import { loadSharedView } from "@/lib/chat/chats/share";
import { parsePositionQuery } from "@/lib/http/request";
import { apiRoute } from "@/lib/api/route";
import { chatViewQuerySchema, shareParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";

// A share link's read-only routes serve GET alone, with no visitor: nothing here can write (decision 023).

/** The shared chat as of one moment of its log; a dead link is 404 `share-not-found`. */
export const GET = apiRoute({ visitor: false, params: shareParamsSchema, admit: "anyone" }, async ({ request, params: { token } }) =>
  Response.json(await loadSharedView({ token, from: parsePositionQuery(request, chatViewQuerySchema).from })),
);
