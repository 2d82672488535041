import { decideConfirmation } from "@/lib/chat/answers/confirmations";
import * as operations from "@/lib/api/operations/answers";

export const dynamic = "force-dynamic";
// A decision tells the agent how the action ended; its reply streams within this function's lifetime.
export const maxDuration = 300;

export const POST = operations.decideConfirmation.serve(
  async ({ visitorId, params: { chatId, token }, body: { decision, reason }, drive }) => {
    // Whatever the answer, a report of an outcome may now wait for the agent.
    drive(chatId);
    return {
      status: 200,
      body: {
        confirmation: await decideConfirmation({ visitorId, chatId, token, decision, reason }),
      },
    };
  },
);
