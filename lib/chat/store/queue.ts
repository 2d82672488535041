import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Tx } from "@/lib/db/client";
import type { Origin, QueuedView } from "../wire";
import type { ChatLock } from "./chats";

// QueuedMessage: messages waiting behind the running turn.

/** At most this many messages wait behind a chat's running reply. */
export const MAX_QUEUED = 20;

const queuedRowSchema = z.object({
  id: z.bigint(),
  text: z.string(),
  createdAt: z.date(),
  turnId: z.string(),
});

/** Null past `MAX_QUEUED`: one statement counts and inserts, and the lock keeps the count exact. */
export async function queueMessage(
  lock: ChatLock,
  message: { text: string; origin?: Origin | null },
) {
  const origin = message.origin ? JSON.stringify(message.origin) : null;
  const chatId = lock.chat.id;
  const rows = await lock.tx.$queryRaw<unknown[]>`
    INSERT INTO "QueuedMessage" ("chatId", "text", "origin", "turnId", "createdAt")
    SELECT ${chatId}::uuid, ${message.text}, ${origin}::jsonb, ${randomUUID()}::uuid, ${new Date()}
    WHERE (SELECT count(*) FROM "QueuedMessage" WHERE "chatId" = ${chatId}::uuid AND "dispatchedAt" IS NULL) < ${MAX_QUEUED}
    RETURNING "id", "text", "createdAt", "turnId"::text AS "turnId"`;
  if (rows.length === 0) return null;
  lock.awaitingAppend = true;
  return queuedRowSchema.parse(rows[0]);
}

export function toQueuedView(row: { id: bigint; text: string; createdAt: Date }): QueuedView {
  return { id: row.id.toString(), text: row.text, createdAt: row.createdAt.toISOString() };
}

/** Oldest first. */
export async function queuedViews(tx: Tx, chatId: string): Promise<QueuedView[]> {
  const rows = await tx.queuedMessage.findMany({
    where: { chatId, dispatchedAt: null },
    orderBy: { id: "asc" },
  });
  return rows.map(toQueuedView);
}

export function oldestQueued({ tx, chat }: ChatLock) {
  return tx.queuedMessage.findFirst({
    where: { chatId: chat.id, dispatchedAt: null },
    orderBy: { id: "asc" },
  });
}

export async function markDispatched(lock: ChatLock, id: bigint, itemId: string): Promise<void> {
  lock.awaitingAppend = true;
  await lock.tx.queuedMessage.update({ where: { id }, data: { dispatchedAt: new Date(), itemId } });
}
