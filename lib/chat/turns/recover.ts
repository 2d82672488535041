import "server-only";
import { buildReply } from "../reply/build";
import { chatTransaction, lockChatIfExists } from "../store/chats";
import { findRecoverableTurns, type RecoverableTurn } from "../store/requests";
import { extendLease, lockTurn } from "../store/turns";
import { endTurn } from "./end";
import { storedReplyContent } from "./snapshots";

export type TurnScope = { chatId?: string; visitorId?: string };

/**
 * A turn whose lease lapsed becomes interrupted (partial reply kept) and the next queued message
 * starts. At most `limit` a call, oldest lease first, so a request's work stays bounded.
 */
export async function recoverStaleTurns({
  chatId,
  visitorId,
  limit = 25,
}: TurnScope & { limit?: number } = {}): Promise<string[]> {
  const turns = await findRecoverableTurns({ chatId, visitorId }, { now: new Date(), limit });
  return recoverTurns(splitRecoverable(turns, limit).lapsed);
}

type Running = { id: string; chatId: string };

/** At most `limit` of each. */
export function splitRecoverable(
  turns: readonly RecoverableTurn[],
  limit: number,
): { lapsed: Running[]; unclaimed: string[] } {
  return {
    lapsed: turns.filter((turn) => turn.lapsed).slice(0, limit),
    unclaimed: turns
      .filter((turn) => turn.unclaimed)
      .slice(0, limit)
      .map((turn) => turn.chatId),
  };
}

/** Re-checked under each chat's lock; returns the chats with a turn to run. */
export async function recoverTurns(stale: readonly Running[]): Promise<string[]> {
  const waiting: string[] = [];
  for (const turn of stale) {
    const runs = await chatTransaction(async (tx) => {
      const lock = await lockChatIfExists(tx, turn.chatId);
      if (!lock) return false;
      const current = await lockTurn(lock, turn.id);
      // Re-checked under the lock: the turn may have renewed its lease or ended meanwhile.
      if (!current || current.status !== "running" || current.leaseExpiresAt >= new Date())
        return false;
      if (!current.replyItemId) {
        // Never claimed: its process died before it began, so nothing was written; run it now.
        await extendLease(lock, turn.id);
        return true;
      }
      // The last snapshot plus the text each later write added: all its viewers saw.
      const content = await storedReplyContent(tx, {
        chatId: turn.chatId,
        itemId: current.replyItemId,
      });
      const built = buildReply(content, { itemId: current.replyItemId, final: true });
      // Stopped, even if its process died before it saw the request.
      const outcome = current.stopRequestedAt ? "stopped" : "interrupted";
      const { next } = await endTurn(lock, {
        chatId: turn.chatId,
        turnId: turn.id,
        itemId: current.replyItemId,
        content,
        built,
        outcome,
      });
      return next;
    });
    if (runs) waiting.push(turn.chatId);
  }
  return waiting;
}
