import "server-only";
import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { appConfig } from "@/lib/config";
import { AppError } from "@/lib/http/errors";
import { toItemView, toSelectionView, toUiAnswerView } from "../store";
import { type ChatEvent, type Origin, type QueuedView, readOrigin } from "../wire";

// These functions run inside a caller's transaction that holds the chat lock. They return the
// events they caused instead of appending them, so each transaction appends its events once.

export type Message = { text: string; origin?: Origin | null };

/**
 * Writes a person's message as a user item and starts the turn that answers it, in one statement:
 * the chat takes the next position and the turn, the item and the turn are inserted. No turn may run.
 */
export async function startTurn(tx: Tx, chatId: string, message: Message) {
  const turnId = randomUUID();
  const itemId = randomUUID();
  const now = new Date();
  const lease = new Date(now.getTime() + appConfig().turnLeaseMs);
  const parts = JSON.stringify([{ kind: "text", text: message.text }]);
  const origin = message.origin ? JSON.stringify(message.origin) : null;
  const [item] = await tx.$queryRaw<Parameters<typeof toItemView>[0][]>`
    WITH chat AS (
      UPDATE "Chat" SET "lastPosition" = "lastPosition" + 1, "activeTurnId" = ${turnId}::uuid, "updatedAt" = now()
      WHERE "id" = ${chatId}::uuid RETURNING "lastPosition"
    ), item AS (
      INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "origin", "turnId", "createdAt", "completedAt")
      SELECT ${itemId}::uuid, ${chatId}::uuid, chat."lastPosition", 'user', 'complete', ${message.text}, ${parts}::jsonb, ${origin}::jsonb, ${turnId}::uuid, ${now}, ${now}
      FROM chat
      RETURNING "id", "position", "role"::text AS "role", "status"::text AS "status", "content", "parts", "blocks", "revision", "origin", "parentToolUseId", "createdAt", "completedAt"
    ), turn AS (
      INSERT INTO "Turn" ("id", "chatId", "triggerItemId", "leaseExpiresAt") SELECT ${turnId}::uuid, ${chatId}::uuid, item."id", ${lease} FROM item
    )
    SELECT * FROM item`;
  if (!item) throw new AppError("chat-not-found", "This chat does not exist.");
  const events: ChatEvent[] = [
    { type: "item.created", item: toItemView(item) },
    { type: "turn.started", turnId },
  ];
  return { itemId, turnId, events };
}

/** The messages still waiting behind the running turn, oldest first. */
export async function queuedViews(tx: Tx, chatId: string): Promise<QueuedView[]> {
  const rows = await tx.queuedMessage.findMany({ where: { chatId, dispatchedAt: null }, orderBy: { id: "asc" } });
  return rows.map(toQueuedView);
}

function toQueuedView(row: { id: bigint; text: string; createdAt: Date }): QueuedView {
  return { id: row.id.toString(), text: row.text, createdAt: row.createdAt.toISOString() };
}

/** Starts the turn for the oldest queued message, if any, right after the previous turn ended. */
export async function dispatchNextQueued(tx: Tx, chatId: string): Promise<ChatEvent[]> {
  const next = await tx.queuedMessage.findFirst({ where: { chatId, dispatchedAt: null }, orderBy: { id: "asc" } });
  if (!next) return [];
  const origin = readOrigin(next.origin);
  const started = await startTurn(tx, chatId, { text: next.text, origin });
  await tx.queuedMessage.update({ where: { id: next.id }, data: { dispatchedAt: new Date(), itemId: started.itemId } });
  const sent = origin ? await MARK_SENT[origin.kind](tx, { queuedId: next.id, messageId: started.itemId, turnId: started.turnId }) : [];
  return [{ type: "queue.removed", id: next.id.toString() }, ...started.events, ...sent];
}

type Sent = { queuedId: bigint; messageId: string; turnId: string };

// A pick that waited in the queue is sent now: its answer says so from here on, whichever kind
// of pick it was. Each update returns the row its event carries.
const MARK_SENT: Record<Origin["kind"], (tx: Tx, sent: Sent) => Promise<ChatEvent[]>> = {
  async frame(tx, { queuedId, messageId }) {
    const rows = await tx.frameSelection.updateManyAndReturn({ where: { queuedId }, data: { queued: false, messageId } });
    return rows.map((row) => ({ type: "selection.recorded", itemId: row.itemId, selection: toSelectionView(row) }));
  },
  async uiChoice(tx, { queuedId, messageId, turnId }) {
    const rows = await tx.uiAnswer.updateManyAndReturn({ where: { queuedId }, data: { queued: false, messageId, turnId } });
    return rows.map((row) => ({ type: "ui.answered", itemId: row.itemId, answer: toUiAnswerView(row) }));
  },
  // The host's report of a decision has no answer to mark: the confirmation already shows it.
  async confirmation() {
    return [];
  },
};

// A chat holds at most this many messages waiting behind its running reply.
export const MAX_QUEUED = 20;

/** Sends a message now, or queues it behind the running turn. */
export async function sendOrQueue(tx: Tx, chat: { id: string; activeTurnId: string | null }, message: Message) {
  if (chat.activeTurnId) {
    const queued = await queueMessage(tx, chat.id, message);
    if (!queued) {
      throw new AppError("queue-full", `${MAX_QUEUED} messages are already waiting for the reply to finish; send this one once it has.`, undefined, { retryAfterSeconds: 10 });
    }
    const events: ChatEvent[] = [{ type: "queue.added", queued: toQueuedView(queued) }];
    return { status: "queued" as const, queuedId: queued.id, itemId: null, turnId: chat.activeTurnId, events };
  }
  const started = await startTurn(tx, chat.id, message);
  return { status: "sent" as const, queuedId: null, ...started };
}

/**
 * Queues a message behind the running turn unless `MAX_QUEUED` already wait; null when they do.
 * One statement counts the waiting messages and inserts below the limit; the caller's chat lock
 * keeps the count exact.
 */
async function queueMessage(tx: Tx, chatId: string, message: Message) {
  const origin = message.origin ? JSON.stringify(message.origin) : null;
  const [queued] = await tx.$queryRaw<{ id: bigint; text: string; createdAt: Date }[]>`
    INSERT INTO "QueuedMessage" ("chatId", "text", "origin", "createdAt")
    SELECT ${chatId}::uuid, ${message.text}, ${origin}::jsonb, ${new Date()}
    WHERE (SELECT count(*) FROM "QueuedMessage" WHERE "chatId" = ${chatId}::uuid AND "dispatchedAt" IS NULL) < ${MAX_QUEUED}
    RETURNING "id", "text", "createdAt"`;
  return queued ?? null;
}
