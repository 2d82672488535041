import { after } from "next/server";
import { driveChat } from "@/lib/chat/turns/run";
import { TURN_SIGNATURE_HEADER, verifyTurnRequest } from "@/lib/chat/turns/hand-off";
import { AppError, handleRoute } from "@/lib/http/errors";
import { parseParams } from "@/lib/http/request";
import { chatParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
// The turn runs after the response, within this invocation's lifetime (decision 010).
export const maxDuration = 300;

/**
 * Runs a chat's waiting turn in an invocation of its own. Only this deployment's instances can
 * ask (a signature made with the session secret); to anyone else the route does not exist.
 */
export const POST = handleRoute(async (request: Request, context: { params: Promise<{ chatId: string }> }) => {
  const { chatId } = parseParams(await context.params, chatParamsSchema);
  if (!verifyTurnRequest(chatId, request.headers.get(TURN_SIGNATURE_HEADER))) {
    throw new AppError("not-found", "Not found.");
  }
  after(() => driveChat(chatId));
  return new Response(null, { status: 202 });
});
