import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { appConfig } from "@/lib/config";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import type { ChatEvent, Origin } from "../wire";
import type { ChatLock } from "./chats";
import { storedModelContextSchema } from "./mcp-apps";
import { MAX_QUEUED, queueMessage, toQueuedView } from "./queue";
import { storedTimestamp, toItemView } from "./views";
import type { ChatMove, ChatWrite, TurnState } from "./writes";

// One turn runs per chat (`Chat.activeTurnId`), holding a lease its process renews.

export function leaseFromNow(): Date {
  return new Date(Date.now() + appConfig().turnLeaseMs);
}

export type Message = { text: string; origin?: Origin | null };

/** Written by the caller's append; no turn may run. */
export function turnStart(
  chat: { id: string; lastPosition: number },
  message: Message,
  turnId: string = randomUUID(),
) {
  const now = new Date();
  const item = {
    id: randomUUID(),
    position: chat.lastPosition + 1,
    content: message.text,
    parts: [{ kind: "text", text: message.text }],
    origin: message.origin ?? null,
    createdAt: now,
  };
  const view = toItemView({
    ...item,
    role: "user",
    status: "complete",
    blocks: null,
    revision: 0,
    parentToolUseId: null,
    completedAt: now,
  });
  const writes: ChatWrite[] = [
    {
      kind: "message",
      message: { chatId: chat.id, item, turn: { id: turnId, leaseExpiresAt: leaseFromNow() } },
    },
  ];
  const events: ChatEvent[] = [
    { type: "item.created", item: view },
    { type: "turn.started", turnId },
  ];
  const move: ChatMove = { lastPosition: item.position, activeTurnId: turnId };
  return {
    status: "sent" as const,
    queuedId: null,
    itemId: item.id,
    turnId,
    events,
    writes,
    chat: move,
  };
}

/** A sent message is written by the caller's append; a queued one here, as its event needs the insert's id. */
export async function sendOrQueue(lock: ChatLock, message: Message) {
  if (!lock.chat.activeTurnId) return turnStart(lock.chat, message);
  const queued = await queueMessage(lock, message);
  if (!queued) {
    throw new AppError(
      "queue-full",
      `${MAX_QUEUED} messages are already waiting for the reply to finish; send this one once it has.`,
      undefined,
      { retryAfterSeconds: 10 },
    );
  }
  const events: ChatEvent[] = [{ type: "queue.added", queued: toQueuedView(queued) }];
  // The turn that will answer it, not the one it waits behind: a replay names the same one.
  return {
    status: "queued" as const,
    queuedId: queued.id,
    itemId: null,
    turnId: queued.turnId,
    events,
    writes: [] as ChatWrite[],
    chat: undefined,
  };
}

export async function findRegenerable({ tx, chat }: ChatLock, itemId: string) {
  const item = await tx.item.findFirst({
    where: { id: itemId, chatId: chat.id, role: "assistant", parentToolUseId: null },
    select: { id: true, position: true, turnId: true, _count: { select: { selections: true } } },
  });
  if (!item?.turnId) return null;
  const later = await tx.item.count({
    where: { chatId: chat.id, role: "user", position: { gt: item.position } },
  });
  const previous = await tx.turn.findUniqueOrThrow({
    where: { id: item.turnId },
    select: { triggerItemId: true },
  });
  return {
    itemId: item.id,
    picked: item._count.selections > 0,
    later,
    triggerItemId: previous.triggerItemId,
  };
}

const waitingRowSchema = z.object({
  visitorId: z.string(),
  lastEventSeq: z.number().int(),
  lastPosition: z.number().int(),
  turn: z
    .object({ id: z.string(), status: z.string(), replyItemId: z.string().nullable() })
    .nullable(),
  trigger: z.object({ content: z.string(), origin: z.unknown() }).nullable(),
  restart: z
    .object({
      id: z.string(),
      position: z.number().int(),
      revision: z.number().int(),
      origin: z.unknown(),
      parentToolUseId: z.string().nullable(),
      createdAt: storedTimestamp,
    })
    .nullable(),
  earlier: z
    .array(
      z.object({
        role: z.enum(["user", "assistant"]),
        content: z.string(),
        blocks: z.unknown(),
        contexts: z.array(storedModelContextSchema).nullable(),
      }),
    )
    .nullable(),
});

/**
 * One statement, without a lock. Null when no turn waits (none runs, or its reply is bound already).
 * The views' model contexts ride along unguarded: their writes move no log, and a turn reads
 * whatever was stored last when it starts.
 */
export async function readWaitingTurn(chatId: string) {
  const rows = await db().$queryRaw<unknown[]>`
    WITH chat AS (SELECT "id", "visitorId", "activeTurnId", "lastEventSeq", "lastPosition" FROM "Chat" WHERE "id" = ${chatId}::uuid)
    SELECT chat."visitorId", chat."lastEventSeq", chat."lastPosition",
      CASE WHEN turn."id" IS NULL THEN NULL ELSE jsonb_build_object('id', turn."id", 'status', turn."status", 'replyItemId', turn."replyItemId") END AS "turn",
      CASE WHEN trigger."id" IS NULL THEN NULL ELSE jsonb_build_object('content', trigger."content", 'origin', trigger."origin") END AS "trigger",
      CASE WHEN restart."id" IS NULL THEN NULL ELSE jsonb_build_object('id', restart."id", 'position', restart."position", 'revision', restart."revision",
        'origin', restart."origin", 'parentToolUseId', restart."parentToolUseId", 'createdAt', restart."createdAt") END AS "restart",
      (SELECT jsonb_agg(jsonb_build_object('role', earlier."role", 'content', earlier."content", 'blocks', earlier."blocks",
          'contexts', (SELECT jsonb_agg(to_jsonb(context) ORDER BY context."updatedAt") FROM "McpAppContext" context WHERE context."itemId" = earlier."id")) ORDER BY earlier."position")
        FROM "Item" earlier WHERE earlier."chatId" = chat."id" AND earlier."position" < trigger."position" AND earlier."parentToolUseId" IS NULL) AS "earlier"
    FROM chat
    LEFT JOIN "Turn" turn ON turn."id" = chat."activeTurnId"
    LEFT JOIN "Item" trigger ON trigger."id" = turn."triggerItemId"
    LEFT JOIN "Item" restart ON restart."id" = turn."restartsItemId"`;
  if (rows.length === 0) return null;
  const row = waitingRowSchema.parse(rows[0]);
  const { turn, trigger } = row;
  if (!turn || !trigger || turn.status !== "running" || turn.replyItemId) return null;
  return { chat: row, turn, trigger, restart: row.restart, earlier: row.earlier ?? [] };
}

/** Without the chat lock: the lease shows nowhere, so nothing is appended. */
export async function renewTurnLease(
  turnId: string,
  client: Pick<Tx, "turn"> = db(),
): Promise<TurnState> {
  const [row] = await client.turn.updateManyAndReturn({
    where: { id: turnId, status: "running" },
    data: { leaseExpiresAt: leaseFromNow() },
    select: { stopRequestedAt: true },
  });
  if (!row) return "lost";
  return row.stopRequestedAt ? "stop" : "running";
}

/** A subagent's reply may be stored only while its turn runs; renews the lease as it checks. */
export async function keepRunning({ tx }: ChatLock, turnId: string): Promise<boolean> {
  return (await renewTurnLease(turnId, tx)) !== "lost";
}

/** Its process sees it at its next write or lease heartbeat; nothing shows until the turn ends, so nothing is appended. */
export async function requestTurnStop({ tx, chat }: ChatLock): Promise<boolean> {
  if (!chat.activeTurnId) return false;
  const { count } = await tx.turn.updateMany({
    where: { id: chat.activeTurnId, status: "running" },
    data: { stopRequestedAt: new Date() },
  });
  return count === 1;
}

const endedSchema = z.object({ revision: z.number().int(), queued: z.boolean() });

/** One statement; null when the turn no longer ran (nothing written). `queued`: a message waits to start the next turn. */
export async function endRunningTurn(
  lock: ChatLock,
  { turnId, itemId, outcome }: { turnId: string; itemId: string; outcome: string },
) {
  const rows = await lock.tx.$queryRaw<unknown[]>`
    UPDATE "Turn" SET "status" = ${outcome}::"TurnStatus", "endedAt" = ${new Date()}
    WHERE "id" = ${turnId}::uuid AND "status" = 'running'
    RETURNING (SELECT "revision" FROM "Item" WHERE "id" = ${itemId}::uuid) AS "revision",
      EXISTS (SELECT 1 FROM "QueuedMessage" WHERE "chatId" = ${lock.chat.id}::uuid AND "dispatchedAt" IS NULL) AS "queued"`;
  if (rows.length === 0) return null;
  lock.awaitingAppend = true;
  return endedSchema.parse(rows[0]);
}

export async function findEndedTurn(
  { tx }: ChatLock,
  { turnId, itemId }: { turnId: string; itemId: string },
) {
  const turn = await tx.turn.findUnique({
    where: { id: turnId },
    select: { status: true, endedAt: true, leaseExpiresAt: true },
  });
  const item = await tx.item.findUnique({
    where: { id: itemId },
    select: { turnId: true, status: true, revision: true },
  });
  return { turn, item };
}

/** A late outcome replaces recovery's `interrupted`. */
export async function setTurnOutcome(
  lock: ChatLock,
  turnId: string,
  outcome: "finished" | "failed" | "interrupted" | "stopped",
): Promise<void> {
  lock.awaitingAppend = true;
  await lock.tx.turn.update({ where: { id: turnId }, data: { status: outcome } });
}

export async function turnStatus(tx: Tx, turnId: string) {
  return (await tx.turn.findUniqueOrThrow({ where: { id: turnId }, select: { status: true } }))
    .status;
}

/** Locks the turn row too: the heartbeat renews without the chat lock, so a renewed lease is never ended as lapsed. */
export async function lockTurn({ tx }: ChatLock, turnId: string) {
  await tx.$executeRaw`SELECT 1 FROM "Turn" WHERE "id" = ${turnId}::uuid FOR UPDATE`;
  return tx.turn.findUnique({ where: { id: turnId } });
}

/** A never-claimed turn's lease to run now; a lease shows nowhere, so nothing is appended. */
export async function extendLease({ tx }: ChatLock, turnId: string): Promise<void> {
  await tx.turn.update({ where: { id: turnId }, data: { leaseExpiresAt: leaseFromNow() } });
}

export async function turnWaits(chatId: string, client: Pick<Tx, "turn"> = db()): Promise<boolean> {
  return (await client.turn.count({ where: { chatId, status: "running", replyItemId: null } })) > 0;
}
