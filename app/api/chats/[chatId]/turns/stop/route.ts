import { requestStop } from "@/lib/chat/turns/stop";
import * as operations from "@/lib/api/operations/chats";

export const dynamic = "force-dynamic";

/** Stop the reply being written; the turn ends as stopped and the queue moves on. */
export const POST = operations.stopTurn.serve(async ({ visitorId, params: { chatId } }) => ({
  status: 202,
  body: await requestStop({ visitorId, chatId }),
}));
