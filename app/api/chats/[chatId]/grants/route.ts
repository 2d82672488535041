import { listChatGrants, setChatGrant } from "@/lib/chat/readings/grants";
import { apiRoute } from "@/lib/api/route";
import { chatGrantBodySchema, chatParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";

/** The chat's source grants: what its live blocks may read, each in force until withdrawn. */
export const GET = apiRoute({ visitor: true, params: chatParamsSchema, changesState: false, heal: false }, async ({ visitorId, params: { chatId } }) =>
  Response.json({ grants: await listChatGrants({ visitorId, chatId }) }),
);

/** Withdraws (`granted: false`) or restores a source grant of the chat. */
export const POST = apiRoute(
  { visitor: true, params: chatParamsSchema, body: chatGrantBodySchema, changesState: "counted", heal: "chat" },
  async ({ visitorId, params: { chatId }, body }) => Response.json({ grants: await setChatGrant({ visitorId, chatId, ...body }) }),
);
