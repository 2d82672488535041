import { createChat, listChats } from "@/lib/chat/chats/chats";
import { clientAddress } from "@/lib/http/request";
import * as operations from "@/lib/api/operations/chats";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const GET = operations.listChats.serve(async ({ visitorId }) => ({
  status: 200,
  body: { chats: await listChats({ visitorId }) },
}));

export const POST = operations.createChat.serve(async ({ request, visitorId, body, drive }) => {
  const created = await createChat({
    visitorId,
    message: body.message,
    address: clientAddress(request),
  });
  if (created.status) drive(created.chatId);
  return { status: 201, body: created };
});
