import "server-only";
import type { ChatLock } from "./chats";

// UiAnswer: one per block and revision (its unique key), written with its message; a pick finds its
// block with `lockAnswerableBlock` (./chats.ts).

/** A queued pick is sent now. Returns the rows its events carry. */
export async function markAnswersSent(
  lock: ChatLock,
  { queuedId, messageId, turnId }: { queuedId: bigint; messageId: string; turnId: string },
) {
  lock.awaitingAppend = true;
  return lock.tx.uiAnswer.updateManyAndReturn({
    where: { queuedId },
    data: { queued: false, messageId, turnId },
  });
}
