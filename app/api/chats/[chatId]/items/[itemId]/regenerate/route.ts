import { after } from "next/server";
import { regenerateReply } from "@/lib/chat/turns/regenerate";
import { healBeforeRequest } from "@/lib/chat/turns/background";
import { driveChat } from "@/lib/chat/turns/run";
import { handleRoute } from "@/lib/http/errors";
import { assertSameOrigin, parseParams } from "@/lib/http/request";
import { itemParamsSchema } from "@/lib/chat/wire/requests";
import { requireVisitor } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** Regenerate the last reply, or retry one that was interrupted: the same item, a new revision. */
export const POST = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string; itemId: string }> }) => {
  assertSameOrigin(request);
  const { chatId, itemId } = parseParams(await context.params, itemParamsSchema);
  const visitorId = await requireVisitor(request);
  await healBeforeRequest({ visitorId, chatId }, { count: true });
  const outcome = await regenerateReply({ chatId, visitorId, itemId });
  after(() => driveChat(chatId));
  return Response.json(outcome, { status: 202 });
});
