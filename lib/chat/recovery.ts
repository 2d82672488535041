import "server-only";
import { appConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { appendEvents, lockChat, toItemView } from "./store";
import { dispatchNextQueued } from "./turn-start";

/**
 * Ends turns whose process died: a running turn whose lease lapsed is marked interrupted (its
 * partial reply kept and marked too), and the chat's next queued message starts. Returns the chats
 * that have a turn waiting to be driven. Runs at start-up and whenever a page watches a chat.
 */
export async function recoverStaleTurns({ chatId }: { chatId?: string } = {}): Promise<string[]> {
  const stale = await db().turn.findMany({
    where: { status: "running", leaseExpiresAt: { lt: new Date() }, ...(chatId ? { chatId } : {}) },
    select: { id: true, chatId: true },
  });
  const toDrive: string[] = [];
  for (const turn of stale) {
    const started = await db().$transaction(async (tx) => {
      await lockChat(tx, { chatId: turn.chatId });
      const current = await tx.turn.findUnique({ where: { id: turn.id } });
      // Re-checked under the lock: the turn may have renewed its lease or ended meanwhile.
      if (!current || current.status !== "running" || current.leaseExpiresAt >= new Date()) return false;
      if (!current.replyItemId) {
        // Never claimed: its process died before it began, so nothing was written; run it now.
        await tx.turn.update({ where: { id: turn.id }, data: { leaseExpiresAt: new Date(Date.now() + appConfig().turnLeaseMs) } });
        return true;
      }
      const item = await tx.item.update({
        where: { id: current.replyItemId },
        data: { status: "interrupted", completedAt: new Date() },
      });
      await tx.turn.update({ where: { id: turn.id }, data: { status: "interrupted", endedAt: new Date() } });
      await tx.chat.update({ where: { id: turn.chatId }, data: { activeTurnId: null } });
      const next = await dispatchNextQueued(tx, turn.chatId);
      await appendEvents(tx, turn.chatId, [
        { type: "item.completed", item: toItemView(item) },
        { type: "turn.ended", turnId: turn.id, status: "interrupted" },
        ...next,
      ]);
      return next.length > 0;
    });
    if (started) toDrive.push(turn.chatId);
  }
  return toDrive;
}
