import { handleRoute } from "@/lib/http/errors";
import { assertSameOrigin, parseJsonBody, parseParams } from "@/lib/http/request";
import { chatParamsSchema, uiLinkBodySchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";
import { resolveUiLink } from "@/lib/chat/answers/ui-link";

export const dynamic = "force-dynamic";

/** `ui.link`: where a visible link of a block goes for the block's current values, resolved by the server. */
export const POST = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string }> }) => {
  assertSameOrigin(request);
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  const visitorId = await requireVisitor(request);
  const body = await parseJsonBody(request, uiLinkBodySchema);
  return Response.json(await resolveUiLink({ chatId, visitorId, ...body }));
});
