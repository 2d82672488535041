import { readUiQuery } from "@/lib/chat/answers/ui-query";
import { apiRoute } from "@/lib/api/route";
import { chatParamsSchema, uiQueryBodySchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";

/** `ui.query`: a reading of one of a live block's queries, issued by the server, counted (decision 016). */
export const POST = apiRoute({ visitor: true, params: chatParamsSchema, body: uiQueryBodySchema, changesState: "counted", heal: "chat" }, async ({ visitorId, params: { chatId }, body }) =>
  Response.json({ reading: await readUiQuery({ chatId, visitorId, ...body }) }),
);
