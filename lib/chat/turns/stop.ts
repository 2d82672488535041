import "server-only";
import { chatTransaction, lockChat } from "../store/chats";
import { requestTurnStop } from "../store/turns";

/**
 * A person pressed Stop. Only the request is recorded, under the chat lock: the instance running
 * the turn sees it at its next write or beat and ends the turn as stopped through `endTurn`.
 * Returns whether a running turn was asked to stop.
 */
export async function requestStop({ visitorId, chatId }: { visitorId: string; chatId: string }): Promise<{ stopping: boolean }> {
  return chatTransaction(async (tx) => ({ stopping: await requestTurnStop(await lockChat(tx, { chatId, visitorId })) }));
}
