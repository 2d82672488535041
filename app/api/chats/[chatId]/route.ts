import { loadChatView } from "@/lib/chat/chats/chats";
import { deleteChat, renameChat } from "@/lib/chat/chats/manage";
import { driveAfterResponse } from "@/lib/chat/turns/background";
import { healChats } from "@/lib/chat/turns/heal";
import { handleRoute } from "@/lib/http/errors";
import { assertSameOrigin, parseJsonBody, parseParams, parsePositionQuery } from "@/lib/http/request";
import { chatParamsSchema, chatViewQuerySchema, renameChatBodySchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

type Context = { params: Promise<{ chatId: string }> };

export const GET = handleRoute(async (request: Request, context: Context) => {
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const { from } = parsePositionQuery(request, chatViewQuerySchema);
  const visitorId = await requireVisitor(request);
  // Reading heals what a dead process left in the chat, whoever watches it or not, and settles
  // confirmations whose time ran out, which tells the agent: the turns it hands back run here.
  const waiting = await healChats({ visitorId, chatId });
  const chat = await loadChatView({ visitorId, chatId, from });
  driveAfterResponse(waiting);
  return Response.json(chat);
});

export const PATCH = handleRoute(async (request: Request, context: Context) => {
  assertSameOrigin(request);
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  const { title } = await parseJsonBody(request, renameChatBodySchema);
  return Response.json(await renameChat({ visitorId, chatId, title }));
});

export const DELETE = handleRoute(async (request: Request, context: Context) => {
  assertSameOrigin(request);
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  return Response.json(await deleteChat({ visitorId, chatId }));
});
