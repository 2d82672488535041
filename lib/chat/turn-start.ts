import "server-only";
import type { Tx } from "@/lib/db/client";
import { appConfig } from "@/lib/config";
import { appendEvents, nextPosition, toItemView } from "./store";
import { type ChatEvent, type Origin, type QueuedView, originSchema } from "./view";

export type Message = { text: string; origin?: Origin | null };

/**
 * Writes a person's message as a user item and starts the turn that answers it. The caller holds
 * the chat lock and has checked that no turn runs.
 */
export async function startTurn(tx: Tx, chatId: string, message: Message, extraEvents: ChatEvent[] = []) {
  const position = await nextPosition(tx, chatId);
  const now = new Date();
  const item = await tx.item.create({
    data: {
      chatId,
      createdAt: now,
      position,
      role: "user",
      status: "complete",
      content: message.text,
      parts: [{ kind: "text", text: message.text }],
      origin: message.origin ?? undefined,
      completedAt: now,
    },
  });
  const turn = await tx.turn.create({
    data: { chatId, triggerItemId: item.id, leaseExpiresAt: new Date(Date.now() + appConfig().turnLeaseMs) },
  });
  await tx.item.update({ where: { id: item.id }, data: { turnId: turn.id } });
  await tx.chat.update({ where: { id: chatId }, data: { activeTurnId: turn.id } });
  await appendEvents(tx, chatId, [
    ...extraEvents,
    { type: "item.created", item: toItemView(item) },
    { type: "turn.started", turnId: turn.id },
  ]);
  return { item, turn };
}

/** The messages still waiting behind the running turn, oldest first. */
export async function queuedViews(tx: Tx, chatId: string): Promise<QueuedView[]> {
  const rows = await tx.queuedMessage.findMany({ where: { chatId, dispatchedAt: null }, orderBy: { id: "asc" } });
  return rows.map((row) => ({ id: row.id.toString(), text: row.text, createdAt: row.createdAt.toISOString() }));
}

/** Queues a message behind the running turn. The caller holds the chat lock. */
export async function queueMessage(tx: Tx, chatId: string, message: Message) {
  const queued = await tx.queuedMessage.create({
    data: { chatId, text: message.text, origin: message.origin ?? undefined },
  });
  await appendEvents(tx, chatId, [{ type: "queue.changed", queued: await queuedViews(tx, chatId) }]);
  return queued;
}

/**
 * Starts the turn for the oldest queued message, if any. The caller holds the chat lock and has
 * just ended the previous turn. Returns whether a turn started.
 */
export async function dispatchNextQueued(tx: Tx, chatId: string): Promise<boolean> {
  const next = await tx.queuedMessage.findFirst({ where: { chatId, dispatchedAt: null }, orderBy: { id: "asc" } });
  if (!next) return false;
  await tx.queuedMessage.update({ where: { id: next.id }, data: { dispatchedAt: new Date() } });
  const remaining = await queuedViews(tx, chatId);
  const { item } = await startTurn(
    tx,
    chatId,
    { text: next.text, origin: originSchema.nullable().parse(next.origin) },
    [{ type: "queue.changed", queued: remaining }],
  );
  await tx.queuedMessage.update({ where: { id: next.id }, data: { itemId: item.id } });
  return true;
}

/** Sends a message now, or queues it when a turn is running. The caller holds the chat lock. */
export async function sendOrQueue(tx: Tx, chat: { id: string; activeTurnId: string | null }, message: Message) {
  if (chat.activeTurnId) {
    const queued = await queueMessage(tx, chat.id, message);
    return { status: "queued" as const, queuedId: queued.id, itemId: null, turnId: chat.activeTurnId };
  }
  const { item, turn } = await startTurn(tx, chat.id, message);
  return { status: "sent" as const, queuedId: null, itemId: item.id, turnId: turn.id };
}
