import { TURN_SIGNATURE_HEADER, verifyTurnRequest } from "@/lib/chat/turns/hand-off";
import { AppError } from "@/lib/http/errors";
import { apiRoute } from "@/lib/api/route";
import { chatParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
// The turn runs after the response, within this invocation's lifetime (decision 010).
export const maxDuration = 300;

// Only this deployment's instances sign (with the session secret); to anyone else the route does not exist.
function signedHere(request: Request, { chatId }: { chatId: string }): void {
  if (!verifyTurnRequest(chatId, request.headers.get(TURN_SIGNATURE_HEADER))) throw new AppError("not-found", "Not found.");
}

/** Runs a chat's waiting turn in an invocation of its own. */
export const POST = apiRoute({ visitor: false, params: chatParamsSchema, admit: signedHere }, async ({ params: { chatId }, drive }) => {
  drive(chatId);
  return new Response(null, { status: 202 });
});
