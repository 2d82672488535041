import { loadChatView } from "@/lib/chat/chats";
import { healBeforeRequest } from "@/lib/chat/turns/background";
import { handleRoute } from "@/lib/http/errors";
import { parseParams } from "@/lib/http/request";
import { chatParamsSchema } from "@/lib/http/schemas";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";
// A turn that reading the chat finds waiting runs after the response, within this lifetime.
export const maxDuration = 300;

export const GET = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string }> }) => {
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  await healBeforeRequest({ visitorId, chatId });
  return Response.json(await loadChatView({ visitorId, chatId }));
});
