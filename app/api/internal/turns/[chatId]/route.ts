import * as operations from "@/lib/api/operations/deployment";

export const dynamic = "force-dynamic";
// The turn runs after the response, within this invocation's lifetime (decision 010).
export const maxDuration = 300;

/** Runs a chat's waiting turn in an invocation of its own; only this deployment's signature gets through. */
export const POST = operations.runHandedOffTurn.serve(async ({ params: { chatId }, drive }) => {
  drive(chatId);
  return { status: 202, body: null };
});
