import { loadChatView } from "@/lib/chat/chats";
import { handleRoute } from "@/lib/http/errors";
import { parseParams } from "@/lib/http/request";
import { chatParamsSchema } from "@/lib/http/schemas";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";

export const GET = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string }> }) => {
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  return Response.json(await loadChatView({ visitorId, chatId }));
});
