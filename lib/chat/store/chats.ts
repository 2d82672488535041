import "server-only";
import { z } from "zod";
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";
import { CHAT_EVENTS_CHANNEL } from "./channel";

// The Chat row: its lock, the one ownership check, and the statements on the row itself.

/** A transaction, as flows pass it back to this folder's statements. */
export type { Tx };

export type ChatScope = { chatId: string; visitorId?: string };

/** The chat row as its lock read it. */
export type LockedChat = { id: string; visitorId: string; activeTurnId: string | null; lastEventSeq: number; lastPosition: number };

declare const held: unique symbol;
/**
 * Proof that the chat row is locked in `tx`: only `lockChat` and the lookups that lock as they
 * read make one, so a function that takes it runs under the lock by its type.
 */
export type ChatLock = { readonly tx: Tx; readonly chat: LockedChat; readonly [held]: true };

/** The one sentence for a chat that does not exist, or is another visitor's. */
export function chatNotFound(): AppError {
  return new AppError("chat-not-found", "This chat does not exist.");
}

/** The one ownership check: another visitor's chat is not found, exactly like one that never was. */
export function ownChat<Row extends { visitorId: string }>(row: Row | null | undefined, visitorId: string | undefined): Row {
  if (!row || (visitorId !== undefined && row.visitorId !== visitorId)) throw chatNotFound();
  return row;
}

// The locks each transaction took, and whether a step under one still owes its append.
const locks = new WeakMap<Tx, Set<ChatLock>>();
const owing = new WeakSet<ChatLock>();

/**
 * Runs `work` in one transaction. A step that wrote under a chat's lock without appending
 * (`owe`) must be followed by `writeChat` before the end: otherwise the transaction rolls back.
 */
export function chatTransaction<T>(work: (tx: Tx) => Promise<T>, options?: { isolationLevel?: Prisma.TransactionIsolationLevel }): Promise<T> {
  return db().$transaction(async (tx) => {
    const result = await work(tx);
    for (const lock of locks.get(tx) ?? []) {
      if (owing.has(lock)) throw new Error(`A write to chat ${lock.chat.id} under its lock appended no event`);
    }
    return result;
  }, options);
}

/** Marks a write under the lock whose events the transaction's `writeChat` must still append. */
export function owe(lock: ChatLock): void {
  owing.add(lock);
}

/** The transaction's append was made: nothing is owed. */
export function settle(lock: ChatLock): void {
  owing.delete(lock);
}

const lockedChatSchema = z.object({ id: z.string(), visitorId: z.string(), activeTurnId: z.string().nullable(), lastEventSeq: z.number().int(), lastPosition: z.number().int() });

/** Locks the chat row for the rest of the transaction: writes to one chat are serial and commit in order. */
export async function lockChat(tx: Tx, scope: ChatScope): Promise<ChatLock> {
  return heldLock(tx, await chatRow(tx, scope, Prisma.sql`FOR UPDATE`));
}

/** The chat row without the lock, for a write guarded on an unmoved log (`writeUnmoved`). */
export function readChat(scope: ChatScope): Promise<LockedChat> {
  return chatRow(db(), scope, Prisma.empty);
}

async function chatRow(client: Pick<Tx, "$queryRaw">, { chatId, visitorId }: ChatScope, lock: Prisma.Sql): Promise<LockedChat> {
  const rows = await client.$queryRaw<unknown[]>`
    SELECT "id", "visitorId", "activeTurnId", "lastEventSeq", "lastPosition" FROM "Chat" WHERE "id" = ${chatId}::uuid ${lock}`;
  return ownChat(rows[0] === undefined ? null : lockedChatSchema.parse(rows[0]), visitorId);
}

/** A lock taken by a statement of this folder that locked the row as it read (`lockedRead`). */
export function heldLock(tx: Tx, chat: LockedChat): ChatLock {
  const lock = { tx, chat } as ChatLock;
  locks.set(tx, (locks.get(tx) ?? new Set()).add(lock));
  return lock;
}

/**
 * Locks the chat row as `lockChat` does and reads `columns` and `joins` beside it in the same round
 * trip; a stranger's chat is never locked. A statement that waited for the lock read as of before
 * it, so it runs once more (`stale`: every change to a chat moves its row, decision 013).
 */
export async function lockedRead(tx: Tx, { chatId, visitorId }: ChatScope, columns: Prisma.Sql, joins: Prisma.Sql): Promise<{ lock: ChatLock; row: unknown }> {
  const owner = visitorId === undefined ? Prisma.empty : Prisma.sql` AND "visitorId" = ${visitorId}::uuid`;
  const read = () => tx.$queryRaw<unknown[]>`
    WITH locked AS (
      SELECT "id", "visitorId", "activeTurnId", "lastEventSeq", "lastPosition", xmin::text AS "version"
      FROM "Chat" WHERE "id" = ${chatId}::uuid${owner} FOR UPDATE
    ), chat AS (
      SELECT locked."id", locked."visitorId", locked."activeTurnId", locked."lastEventSeq", locked."lastPosition",
        locked."version" IS DISTINCT FROM (SELECT xmin::text FROM "Chat" WHERE "id" = locked."id") AS "stale"
      FROM locked
    )
    SELECT chat."id", chat."visitorId", chat."activeTurnId", chat."lastEventSeq", chat."lastPosition", chat."stale", ${columns}
    FROM chat ${joins}`;
  let rows = await read();
  if (staleSchema.safeParse(rows[0]).data?.stale) rows = await read();
  const row = rows[0];
  const chat = ownChat(row === undefined ? null : lockedChatSchema.parse(row), visitorId);
  return { lock: heldLock(tx, chat), row };
}

const staleSchema = z.object({ stale: z.boolean() });

/** The chat as its page reads it, the visitor's only. */
export async function findOwnChat(tx: Tx, { chatId, visitorId }: { chatId: string; visitorId: string }) {
  return ownChat(await tx.chat.findUnique({ where: { id: chatId } }), visitorId);
}

/** Whether the visitor's chat exists; throws `chat-not-found` otherwise. */
export async function checkOwnChat(scope: { chatId: string; visitorId: string }): Promise<void> {
  ownChat(await db().chat.findUnique({ where: { id: scope.chatId }, select: { visitorId: true } }), scope.visitorId);
}

export async function chatIsGone(chatId: string): Promise<boolean> {
  return (await db().chat.findUnique({ where: { id: chatId }, select: { id: true } })) === null;
}

/** The visitor's chats, most recently active first. */
export function recentChats(visitorId: string, take: number) {
  return db().chat.findMany({ where: { visitorId }, orderBy: { updatedAt: "desc" }, take, select: { id: true, title: true, updatedAt: true, activeTurnId: true } });
}

/**
 * Creates the visitor if new, or locks its row: one visitor's creations take turns, so
 * `countChats` after it is exact however many race. Says whether the visitor is new.
 */
export async function holdVisitor(tx: Tx, visitorId: string): Promise<boolean> {
  const [visitor] = await tx.$queryRaw<unknown[]>`
    INSERT INTO "Visitor" ("id") VALUES (${visitorId}::uuid) ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id"
    RETURNING xmax = 0 AS "created"`;
  return z.object({ created: z.boolean() }).parse(visitor).created;
}

export function countChats(tx: Tx, visitorId: string): Promise<number> {
  return tx.chat.count({ where: { visitorId } });
}

/**
 * A new chat, locked: no other transaction sees it before this one commits. Its log is empty,
 * so there is nothing to announce until the caller's first append.
 */
export async function insertChat(tx: Tx, { visitorId, title }: { visitorId: string; title: string }): Promise<ChatLock> {
  const chat = await tx.chat.create({ data: { visitorId, title }, select: { id: true, visitorId: true, activeTurnId: true, lastEventSeq: true, lastPosition: true } });
  return heldLock(tx, chat);
}

/**
 * Deletes the chat and everything in it: confirmations name the chat without a foreign key, the
 * rest cascades. Nothing is appended (the log goes too); the notice wakes every stream, on every
 * instance, to tell its page.
 */
export async function deleteChatRows({ tx, chat }: ChatLock): Promise<void> {
  await tx.actionConfirmation.deleteMany({ where: { chatId: chat.id } });
  await tx.chat.delete({ where: { id: chat.id } });
  await tx.$executeRaw`SELECT pg_notify(${CHAT_EVENTS_CHANNEL}, ${chat.id} || ':deleted')`;
}
