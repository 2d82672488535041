import "server-only";
import { buildReply } from "../reply/build";
import { chatTransaction, lockChat } from "../store/chats";
import { lockTurn, requestTurnStop } from "../store/turns";
import { endTurn } from "./end";
import { storedReplyContent } from "./snapshots";

/**
 * Ends the running reply as stopped at once, under the chat lock, with what its viewers saw (the
 * last snapshot and the writes after it): no text arrives after Stop, and Stopping… lasts the
 * request, not until the process writing the reply next writes or renews its lease. That process
 * then finds its turn ended, as if recovered, and writes nothing more. A turn not yet claimed only
 * records the request: its process sees it at its first write. `next`: a queued message now waits.
 */
export async function requestStop({
  visitorId,
  chatId,
}: {
  visitorId: string;
  chatId: string;
}): Promise<{ stopping: boolean; next: boolean }> {
  return chatTransaction(async (tx) => {
    const lock = await lockChat(tx, { chatId, visitorId });
    const turnId = lock.chat.activeTurnId;
    if (!turnId || !(await requestTurnStop(lock))) return { stopping: false, next: false };
    const turn = await lockTurn(lock, turnId);
    const itemId = turn?.replyItemId;
    if (!itemId) return { stopping: true, next: false };
    const content = await storedReplyContent(tx, { chatId, itemId });
    const built = buildReply(content, { itemId, final: true });
    const { next } = await endTurn(lock, {
      chatId,
      turnId,
      itemId,
      content,
      built,
      outcome: "stopped",
    });
    return { stopping: true, next };
  });
}
