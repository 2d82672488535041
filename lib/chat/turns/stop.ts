import "server-only";
import { chatTransaction, lockChat } from "../store/chats";
import { requestTurnStop } from "../store/turns";

/** Only the request is recorded: the running instance sees it at its next write or lease heartbeat and ends via `endTurn`. */
export async function requestStop({
  visitorId,
  chatId,
}: {
  visitorId: string;
  chatId: string;
}): Promise<{ stopping: boolean }> {
  return chatTransaction(async (tx) => ({
    stopping: await requestTurnStop(await lockChat(tx, { chatId, visitorId })),
  }));
}
