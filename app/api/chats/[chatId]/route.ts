import { loadChatView } from "@/lib/chat/chats/chats";
import { deleteChat, renameChat } from "@/lib/chat/chats/manage";
import { parsePositionQuery } from "@/lib/http/request";
import { apiRoute } from "@/lib/api/route";
import { chatParamsSchema, chatViewQuerySchema, renameChatBodySchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

const from = (request: Request) => parsePositionQuery(request, chatViewQuerySchema);

/** Reading heals the chat, watched or not; a confirmation whose time ran out tells the agent, whose turn runs here. */
export const GET = apiRoute({ visitor: true, params: chatParamsSchema, query: from, changesState: false, heal: "chat" }, async ({ visitorId, params: { chatId }, query }) =>
  Response.json(await loadChatView({ visitorId, chatId, from: query.from })),
);

export const PATCH = apiRoute(
  { visitor: true, params: chatParamsSchema, body: renameChatBodySchema, changesState: "uncounted", heal: false },
  async ({ visitorId, params: { chatId }, body: { title } }) => Response.json(await renameChat({ visitorId, chatId, title })),
);

export const DELETE = apiRoute({ visitor: true, params: chatParamsSchema, changesState: "uncounted", heal: false }, async ({ visitorId, params: { chatId } }) =>
  Response.json(await deleteChat({ visitorId, chatId })),
);
