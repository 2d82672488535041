import { after } from "next/server";
import { createChat, listChats } from "@/lib/chat/chats/chats";
import { healBeforeRequest } from "@/lib/chat/turns/background";
import { driveChat } from "@/lib/chat/turns/run";
import { handleRoute } from "@/lib/http/errors";
import { countRequest } from "@/lib/http/rate-limit";
import { assertSameOrigin, clientAddress, parseJsonBody } from "@/lib/http/request";
import { createChatBodySchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const GET = handleRoute(async (request: Request) => {
  const visitorId = await requireVisitor(request);
  await healBeforeRequest({ visitorId });
  return Response.json({ chats: await listChats({ visitorId }) });
});

export const POST = handleRoute(async (request: Request) => {
  assertSameOrigin(request);
  const visitorId = await requireVisitor(request);
  const body = await parseJsonBody(request, createChatBodySchema);
  await countRequest({ visitorId });
  const created = await createChat({ visitorId, message: body.message, address: clientAddress(request) });
  if (created.status) after(() => driveChat(created.chatId));
  return Response.json(created, { status: 201 });
});
