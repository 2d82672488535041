import "server-only";
import { drawReply } from "../reply/draw";
import { chatTransaction, lockChat } from "../store/chats";
import { findHealableTurns, type HealableTurn } from "../store/healing";
import { extendLease, lockTurn } from "../store/turns";
import { endTurn } from "./end";
import { storedReplyContent } from "./snapshots";

export type TurnScope = { chatId?: string; visitorId?: string };

/**
 * Ends turns whose process died: a running turn whose lease lapsed is marked interrupted (its
 * partial reply kept and marked too), and the chat's next queued message starts. Returns the chats
 * that have a turn waiting to be driven. Scoped to one chat or one visitor's chats (every request
 * touching them), or all (start-up, the periodic sweep); at most `limit` turns a call, oldest
 * lease first, so one request's work stays bounded and the rest heal on the next.
 */
export async function recoverStaleTurns({ chatId, visitorId, limit = 25 }: TurnScope & { limit?: number } = {}): Promise<string[]> {
  const turns = await findHealableTurns({ chatId, visitorId }, { now: new Date(), limit });
  return recoverTurns(splitHealable(turns, limit).lapsed);
}

type Running = { id: string; chatId: string };

/** What `findHealableTurns` found: the lapsed turns, and the chats of those never claimed; at most `limit` of each. */
export function splitHealable(turns: readonly HealableTurn[], limit: number): { lapsed: Running[]; unclaimed: string[] } {
  return {
    lapsed: turns.filter((turn) => turn.lapsed).slice(0, limit),
    unclaimed: turns.filter((turn) => turn.unclaimed).slice(0, limit).map((turn) => turn.chatId),
  };
}

/** Ends each lapsed turn under its chat's lock, re-checked there; returns the chats with a turn to drive. */
export async function recoverTurns(stale: readonly Running[]): Promise<string[]> {
  const toDrive: string[] = [];
  for (const turn of stale) {
    const drive = await chatTransaction(async (tx) => {
      const lock = await lockChat(tx, { chatId: turn.chatId });
      const current = await lockTurn(lock, turn.id);
      // Re-checked under the lock: the turn may have renewed its lease or ended meanwhile.
      if (!current || current.status !== "running" || current.leaseExpiresAt >= new Date()) return false;
      if (!current.replyItemId) {
        // Never claimed: its process died before it began, so nothing was written; run it now.
        await extendLease(lock, turn.id);
        return true;
      }
      // The last snapshot and the text each later write added: all its viewers saw.
      const content = await storedReplyContent(tx, { chatId: turn.chatId, itemId: current.replyItemId });
      const drawn = drawReply(content, { itemId: current.replyItemId, final: true });
      // A turn someone asked to stop ends as stopped, even if its process died before it saw the request.
      const outcome = current.stopRequestedAt ? "stopped" : "interrupted";
      const { next } = await endTurn(lock, { chatId: turn.chatId, turnId: turn.id, itemId: current.replyItemId, content, drawn, outcome });
      return next;
    });
    if (drive) toDrive.push(turn.chatId);
  }
  return toDrive;
}
