import "server-only";
import { z } from "zod";
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";
import { CHAT_EVENTS_CHANNEL } from "./channel";

// The Chat row: its lock and the one ownership check.

export type { Tx };

export type ChatScope = { chatId: string; visitorId?: string };

export type LockedChat = {
  id: string;
  visitorId: string;
  activeTurnId: string | null;
  lastEventSeq: number;
  lastPosition: number;
};

declare const held: unique symbol;
/** Proof the chat row is locked in `tx`: only `lockChat` and locking lookups make one. */
export type ChatLock = { readonly tx: Tx; readonly chat: LockedChat; readonly [held]: true };

export function chatNotFound(): AppError {
  return new AppError("chat-not-found");
}

/** The one ownership check: another visitor's chat is not found, exactly like one that never was. */
export function ownChat<Row extends { visitorId: string }>(
  row: Row | null | undefined,
  visitorId: string | undefined,
): Row {
  if (!row || (visitorId !== undefined && row.visitorId !== visitorId)) throw chatNotFound();
  return row;
}

// The locks each transaction took, and whether a step under one still owes its append.
const locks = new WeakMap<Tx, Set<ChatLock>>();
const owing = new WeakSet<ChatLock>();

/** A step that wrote under a chat's lock without appending (`owe`) must `writeChat` before the end, or the transaction rolls back. */
export function chatTransaction<T>(
  work: (tx: Tx) => Promise<T>,
  options?: { isolationLevel?: Prisma.TransactionIsolationLevel },
): Promise<T> {
  return db().$transaction(async (tx) => {
    const result = await work(tx);
    for (const lock of locks.get(tx) ?? []) {
      if (owing.has(lock))
        throw new Error(`A write to chat ${lock.chat.id} under its lock appended no event`);
    }
    return result;
  }, options);
}

export function owe(lock: ChatLock): void {
  owing.add(lock);
}

export function settle(lock: ChatLock): void {
  owing.delete(lock);
}

const lockedChatSchema = z.object({
  id: z.string(),
  visitorId: z.string(),
  activeTurnId: z.string().nullable(),
  lastEventSeq: z.number().int(),
  lastPosition: z.number().int(),
});

/** Writes to one chat are serial and commit in order. */
export async function lockChat(tx: Tx, scope: ChatScope): Promise<ChatLock> {
  return heldLock(
    tx,
    ownChat(await chatRow(tx, scope.chatId, Prisma.sql`FOR UPDATE`), scope.visitorId),
  );
}

/** For recovery, which finds chats before it locks them: one deleted in between is null, not an error. */
export async function lockChatIfExists(tx: Tx, chatId: string): Promise<ChatLock | null> {
  const chat = await chatRow(tx, chatId, Prisma.sql`FOR UPDATE`);
  return chat && heldLock(tx, chat);
}

/** Without the lock, for a write guarded on an unmoved log (`writeUnmoved`). */
export async function readChat(scope: ChatScope): Promise<LockedChat> {
  return ownChat(await chatRow(db(), scope.chatId, Prisma.empty), scope.visitorId);
}

async function chatRow(
  client: Pick<Tx, "$queryRaw">,
  chatId: string,
  lock: Prisma.Sql,
): Promise<LockedChat | null> {
  const rows = await client.$queryRaw<unknown[]>`
    SELECT "id", "visitorId", "activeTurnId", "lastEventSeq", "lastPosition" FROM "Chat" WHERE "id" = ${chatId}::uuid ${lock}`;
  return rows[0] === undefined ? null : lockedChatSchema.parse(rows[0]);
}

/** For a statement that locked the row as it read (`readUnderLock`, `lockChatIfExists`). */
function heldLock(tx: Tx, chat: LockedChat): ChatLock {
  const lock = { tx, chat } as ChatLock;
  locks.set(tx, (locks.get(tx) ?? new Set()).add(lock));
  return lock;
}

/**
 * Runs a statement that locks the chat row (`FOR UPDATE OF chat`) as it reads what the lock guards,
 * and reports `stale`: one that waited read the rest as of before the wait, so it runs once more.
 */
export async function readUnderLock(
  tx: Tx,
  visitorId: string,
  read: () => Promise<unknown[]>,
): Promise<{ lock: ChatLock; row: unknown }> {
  let rows = await read();
  if (staleSchema.safeParse(rows[0]).data?.stale) rows = await read();
  const row = rows[0];
  return { lock: heldLock(tx, readChatRow(row, visitorId)), row };
}

/** The chat's columns of a lookup's row (absent: no such chat of this visitor). */
function readChatRow(row: unknown, visitorId: string): LockedChat {
  return ownChat(row === undefined ? null : lockedChatSchema.parse(row), visitorId);
}

const staleSchema = z.object({ stale: z.boolean() });

export async function findOwnChat(
  tx: Tx,
  { chatId, visitorId }: { chatId: string; visitorId: string },
) {
  return ownChat(await tx.chat.findUnique({ where: { id: chatId } }), visitorId);
}

/** Throws `chat-not-found` otherwise. */
export async function checkOwnChat(scope: { chatId: string; visitorId: string }): Promise<void> {
  ownChat(
    await db().chat.findUnique({ where: { id: scope.chatId }, select: { visitorId: true } }),
    scope.visitorId,
  );
}

export async function chatIsGone(chatId: string): Promise<boolean> {
  return (await db().chat.findUnique({ where: { id: chatId }, select: { id: true } })) === null;
}

export function recentChats(visitorId: string, take: number) {
  return db().chat.findMany({
    where: { visitorId },
    orderBy: { updatedAt: "desc" },
    take,
    select: { id: true, title: true, updatedAt: true, activeTurnId: true },
  });
}

/** Locks the visitor row so one visitor's creations take turns and `countChats` is exact. True when new. */
export async function holdVisitor(tx: Tx, visitorId: string): Promise<boolean> {
  const [visitor] = await tx.$queryRaw<unknown[]>`
    INSERT INTO "Visitor" ("id") VALUES (${visitorId}::uuid) ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id"
    RETURNING xmax = 0 AS "created"`;
  return z.object({ created: z.boolean() }).parse(visitor).created;
}

export function countChats(tx: Tx, visitorId: string): Promise<number> {
  return tx.chat.count({ where: { visitorId } });
}

/** Locked, so invisible until commit; its log is empty until the caller's first append. */
export async function insertChat(
  tx: Tx,
  { visitorId, title }: { visitorId: string; title: string },
): Promise<ChatLock> {
  const chat = await tx.chat.create({
    data: { visitorId, title },
    select: {
      id: true,
      visitorId: true,
      activeTurnId: true,
      lastEventSeq: true,
      lastPosition: true,
    },
  });
  return heldLock(tx, chat);
}

/** Confirmations have no foreign key; the rest cascades. Nothing is appended: the log goes too. */
export async function deleteChatRows({ tx, chat }: ChatLock): Promise<void> {
  await tx.actionConfirmation.deleteMany({ where: { chatId: chat.id } });
  await tx.chat.delete({ where: { id: chat.id } });
  await tx.$executeRaw`SELECT pg_notify(${CHAT_EVENTS_CHANNEL}, ${chat.id} || ':deleted')`;
}
