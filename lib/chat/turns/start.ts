import "server-only";
import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { appConfig } from "@/lib/config";
import { AppError } from "@/lib/http/errors";
import { eventAppend, toItemView, toSelectionView, toUiAnswerView } from "../store";
import { type ChatEvent, type Origin, type QueuedView, readOrigin } from "../wire";

// These functions run inside a caller's transaction that holds the chat lock, but for a message
// sent to an idle chat, whose write `appendUnmoved` guards instead. They return the events they
// caused instead of appending them, so each transaction appends its events once.

export type Message = { text: string; origin?: Origin | null };

/** The chat as its lock read it: whether a turn runs, and its last item's position. */
export type LockedTurns = { id: string; activeTurnId: string | null; lastPosition: number };

/**
 * A person's message as a user item and the turn that answers it, to be written by the statement
 * that appends their events: its common table expressions insert both, only if the append runs
 * (they select from its `seq`), and the append's update of the chat row moves the chat on
 * (`chat`). The item takes the position after the last one, which the caller read under the lock
 * or checks unmoved (`appendUnmoved`). No turn may run.
 */
export function turnStart(chat: Omit<LockedTurns, "activeTurnId">, message: Message, turnId: string = randomUUID()) {
  const now = new Date();
  const item = {
    id: randomUUID(), position: chat.lastPosition + 1, role: "user" as const, status: "complete" as const, content: message.text,
    parts: [{ kind: "text", text: message.text }], blocks: null, revision: 0, origin: message.origin ?? null, parentToolUseId: null, createdAt: now, completedAt: now,
  };
  const lease = new Date(now.getTime() + appConfig().turnLeaseMs);
  const writes = [
    Prisma.sql`message_item AS (
        INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "origin", "turnId", "createdAt", "completedAt")
        SELECT ${item.id}::uuid, ${chat.id}::uuid, ${item.position}, 'user', 'complete', ${item.content}, ${JSON.stringify(item.parts)}::jsonb,
          ${item.origin ? JSON.stringify(item.origin) : null}::jsonb, ${turnId}::uuid, ${now}, ${now} FROM seq
      )`,
    Prisma.sql`message_turn AS (
        INSERT INTO "Turn" ("id", "chatId", "triggerItemId", "leaseExpiresAt") SELECT ${turnId}::uuid, ${chat.id}::uuid, ${item.id}::uuid, ${lease} FROM seq
      )`,
  ];
  const events: ChatEvent[] = [
    { type: "item.created", item: toItemView(item) },
    { type: "turn.started", turnId },
  ];
  return { itemId: item.id, turnId, events, writes, chat: { lastPosition: item.position, activeTurnId: turnId } };
}

type TurnStart = ReturnType<typeof turnStart>;

/**
 * Writes a turn's start at once, in a statement of its own, for a caller whose later steps must
 * see the turn running (the next queued message, a decision's report before another's).
 */
async function writeTurnStart(tx: Tx, chatId: string, start: TurnStart): Promise<void> {
  // The chat row moves on as an append of no events would move it; its events follow later.
  await tx.$executeRaw`
    WITH ${Prisma.join([eventAppend(chatId, [], { chat: start.chat }), ...start.writes], ", ")}
    SELECT 1 FROM seq`;
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
export async function dispatchNextQueued(tx: Tx, chat: Omit<LockedTurns, "activeTurnId">): Promise<ChatEvent[]> {
  const chatId = chat.id;
  const next = await tx.queuedMessage.findFirst({ where: { chatId, dispatchedAt: null }, orderBy: { id: "asc" } });
  if (!next) return [];
  const origin = readOrigin(next.origin);
  const started = turnStart(chat, { text: next.text, origin }, next.turnId ?? undefined);
  await writeTurnStart(tx, chatId, started);
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

/**
 * Sends a message now, or queues it behind the running turn. A message sent is written by the
 * caller's event append, which takes its `writes` and `chat` options; a queued one is written
 * here, as its event carries the id its insert takes.
 */
export async function sendOrQueue(tx: Tx, chat: LockedTurns, message: Message) {
  if (chat.activeTurnId) {
    const queued = await queueMessage(tx, chat.id, message);
    if (!queued) {
      throw new AppError("queue-full", `${MAX_QUEUED} messages are already waiting for the reply to finish; send this one once it has.`, undefined, { retryAfterSeconds: 10 });
    }
    const events: ChatEvent[] = [{ type: "queue.added", queued: toQueuedView(queued) }];
    // The turn that will answer it, not the one it waits behind: a replay names the same one.
    return { status: "queued" as const, queuedId: queued.id, itemId: null, turnId: queued.turnId, events, writes: [], chat: undefined };
  }
  return sendNow(chat, message);
}

/** A message sent now, as `sendOrQueue` returns it: the turn that answers it starts with it. */
export function sendNow(chat: Omit<LockedTurns, "activeTurnId">, message: Message) {
  return { status: "sent" as const, queuedId: null, ...turnStart(chat, message) };
}

/** Sends a decision's report as sendOrQueue does, but writes a message sent at once (see writeTurnStart). */
export async function sendOrQueueNow(tx: Tx, chat: LockedTurns, message: Message) {
  const sent = await sendOrQueue(tx, chat, message);
  if (sent.status === "sent") await writeTurnStart(tx, chat.id, sent);
  return sent;
}

/**
 * Queues a message behind the running turn unless `MAX_QUEUED` already wait; null when they do.
 * One statement counts the waiting messages and inserts below the limit; the caller's chat lock
 * keeps the count exact. The message is given the id of the turn that will answer it.
 */
async function queueMessage(tx: Tx, chatId: string, message: Message) {
  const origin = message.origin ? JSON.stringify(message.origin) : null;
  const [queued] = await tx.$queryRaw<{ id: bigint; text: string; createdAt: Date; turnId: string }[]>`
    INSERT INTO "QueuedMessage" ("chatId", "text", "origin", "turnId", "createdAt")
    SELECT ${chatId}::uuid, ${message.text}, ${origin}::jsonb, ${randomUUID()}::uuid, ${new Date()}
    WHERE (SELECT count(*) FROM "QueuedMessage" WHERE "chatId" = ${chatId}::uuid AND "dispatchedAt" IS NULL) < ${MAX_QUEUED}
    RETURNING "id", "text", "createdAt", "turnId"::text AS "turnId"`;
  return queued ?? null;
}
