import { createChat, listChats } from "@/lib/chat/chats/chats";
import { clientAddress } from "@/lib/http/request";
import { apiRoute } from "@/lib/api/route";
import { createChatBodySchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const GET = apiRoute({ visitor: true, changesState: false, heal: "visitor's chats" }, async ({ visitorId }) => Response.json({ chats: await listChats({ visitorId }) }));

export const POST = apiRoute({ visitor: true, body: createChatBodySchema, changesState: "counted", heal: false }, async ({ request, visitorId, body, drive }) => {
  const created = await createChat({ visitorId, message: body.message, address: clientAddress(request) });
  if (created.status) drive(created.chatId);
  return Response.json(created, { status: 201 });
});
