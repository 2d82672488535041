import { decideConfirmation } from "@/lib/chat/answers/confirmations";
import { apiRoute } from "@/lib/api/route";
import { confirmationBodySchema, confirmationParamsSchema } from "@/lib/chat/wire/requests";

export const dynamic = "force-dynamic";
// A decision tells the agent how the action ended; its reply streams within this function's lifetime.
export const maxDuration = 300;

export const POST = apiRoute(
  { visitor: true, params: confirmationParamsSchema, body: confirmationBodySchema, changesState: "counted", heal: "chat" },
  async ({ visitorId, params: { chatId, token }, body: { decision, reason }, drive }) => {
    // Whatever the answer, a report of an outcome may now wait for the agent.
    drive(chatId);
    return Response.json({ confirmation: await decideConfirmation({ visitorId, chatId, token, decision, reason }) });
  },
);
