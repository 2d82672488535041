import { requestStop } from "@/lib/chat/turns/stop";
import { apiRoute } from "@/lib/api/route";
import { chatParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";

/** Stop the reply being written; the turn ends as stopped and the queue moves on. */
export const POST = apiRoute({ visitor: true, params: chatParamsSchema, changesState: "uncounted", heal: false }, async ({ visitorId, params: { chatId } }) =>
  Response.json(await requestStop({ visitorId, chatId }), { status: 202 }),
);
