import { TURN_SIGNATURE_HEADER, verifyTurnRequest } from "@/lib/chat/turns/hand-off";
import { chatParamsSchema } from "@/lib/chat/wire/requests";
import { AppError } from "@/lib/http/errors";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";
// The turn runs after the response, within this invocation's lifetime (decision 010).
export const maxDuration = 300;

// Only this deployment's instances sign (with the session secret); to anyone else the route does not exist.
function signedHere(request: Request, { chatId }: { chatId: string }): void {
  if (!verifyTurnRequest(chatId, request.headers.get(TURN_SIGNATURE_HEADER)))
    throw new AppError("not-found", "Not found.");
}

/** Runs a chat's waiting turn in an invocation of its own; only this deployment's signature gets through. */
export const POST = defineOperation({
  operationId: "runHandedOffTurn",
  method: "POST",
  path: "/api/internal/turns/{chatId}",
  summary:
    "Runs a chat's waiting turn in an invocation of its own (signed by this deployment only)",
  needs: {
    visitor: false,
    params: chatParamsSchema,
    admit: signedHere,
    credential: "turnSignature",
  },
  responses: { 202: null },
  refusals: ["not-found"],
}).serve(async ({ params: { chatId }, startTurns }) => {
  startTurns(chatId);
  return { status: 202, body: null };
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
