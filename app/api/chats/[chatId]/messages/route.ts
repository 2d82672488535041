import { after } from "next/server";
import { sendMessage } from "@/lib/chat/chats/chats";
import { healBeforeRequest } from "@/lib/chat/turns/background";
import { driveChat } from "@/lib/chat/turns/run";
import { handleRoute } from "@/lib/http/errors";
import { assertSameOrigin, parseJsonBody, parseParams } from "@/lib/http/request";
import { chatParamsSchema, sendMessageBodySchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";
// The reply streams after the response is sent, within this function's lifetime on serverless.
export const maxDuration = 300;

export const POST = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string }> }) => {
  assertSameOrigin(request);
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  const { text } = await parseJsonBody(request, sendMessageBodySchema);
  await healBeforeRequest({ visitorId, chatId }, { count: true });
  const sent = await sendMessage({ visitorId, chatId, text });
  if (sent.status === "sent") after(() => driveChat(chatId));
  return Response.json({ status: sent.status, itemId: sent.itemId }, { status: 202 });
});
