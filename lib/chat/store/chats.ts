import "server-only";
import { z } from "zod";
import { CONFIRMATION_STATUSES } from "@/lib/component-frames";
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";
import { CHAT_EVENTS_CHANNEL } from "./channel";
import { componentPartSchema, uiBlockSchema } from "../wire";
import { storedTimestamp, uiAnswerRowSchema } from "./views";

// The Chat row: its lock, the lookups of a pick that lock it as they read, and the one ownership check.

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
/** Proof the chat row is locked in `tx` (or, with `guard`, that the log is where it was read): only `lockChat`, `lockChatIfExists`, `insertChat`, the lookups that lock as they read, and `framePickTransaction` make one. */
export type ChatLock = {
  readonly tx: Tx;
  readonly chat: LockedChat;
  readonly [held]: true;
  /**
   * Set by a store write under the lock that appends no event itself; `writeChat` clears it when it
   * appends. One still set when the work ends rolls the transaction back: every change moves the log.
   */
  awaitingAppend: boolean;
  /**
   * Set on a lock that holds only the log's place, not the row (`framePickTransaction`'s idle
   * path): `writeChat` appends only if the log still ends at this sequence number.
   */
  readonly guard?: number;
};

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

// The locks each transaction took.
const locks = new WeakMap<Tx, Set<ChatLock>>();

/** A write under a chat's lock that appended no event (`awaitingAppend`) must `writeChat` before the end, or the transaction rolls back. */
export function chatTransaction<T>(
  work: (tx: Tx) => Promise<T>,
  options?: { isolationLevel?: Prisma.TransactionIsolationLevel },
): Promise<T> {
  return db().$transaction(async (tx) => {
    const result = await work(tx);
    for (const lock of locks.get(tx) ?? []) {
      if (lock.awaitingAppend)
        throw new Error(`A write to chat ${lock.chat.id} under its lock appended no event`);
    }
    return result;
  }, options);
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

/** Without the lock, for a write guarded on an unchanged log (`writeIfLogUnchanged`). */
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
  const lock = { tx, chat, awaitingAppend: false } as ChatLock;
  locks.set(tx, (locks.get(tx) ?? new Set()).add(lock));
  return lock;
}

/**
 * The chat's columns a lookup that locks as it reads selects (`chat` is the Chat row), and `stale`:
 * the row's version beside the snapshot's tells a read that waited for the lock.
 */
export const LOCKED_CHAT_COLUMNS = Prisma.sql`chat."id", chat."visitorId", chat."activeTurnId", chat."lastEventSeq", chat."lastPosition",
  chat.xmin::text IS DISTINCT FROM (SELECT xmin::text FROM "Chat" WHERE "id" = chat."id") AS "stale"`;

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

const recentChatSchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: storedTimestamp,
  activeTurnId: z.string().nullable(),
  lastRole: z.enum(["user", "assistant"]).nullable(),
  lastText: z.string().nullable(),
});
export type RecentChat = z.infer<typeof recentChatSchema>;

// The text parts of an item, as a JSON array of strings.
const ITEM_TEXT = Prisma.raw(`jsonb_path_query_array(i."parts", '$[*] ? (@.kind == "text").text')`);

// Enough of the last message for a one-line preview once its Markdown is dropped.
const LAST_TEXT_CHARACTERS = 400;

/**
 * The visitor's latest chats, each with the start of its last message that has text (a
 * subagent's aside is no chat's last word): one statement, one probe of the item index per chat.
 */
export async function recentChats(visitorId: string, take: number): Promise<RecentChat[]> {
  const rows = await db().$queryRaw<unknown[]>`
    SELECT c."id", c."title", to_jsonb(c."updatedAt") #>> '{}' AS "updatedAt", c."activeTurnId",
           last."role" AS "lastRole", last."text" AS "lastText"
    FROM "Chat" c
    LEFT JOIN LATERAL (
      SELECT i."role"::text AS "role",
             left(array_to_string(ARRAY(SELECT jsonb_array_elements_text(${ITEM_TEXT})), ' '), ${LAST_TEXT_CHARACTERS}) AS "text"
      FROM "Item" i
      WHERE i."chatId" = c."id" AND i."parentToolUseId" IS NULL
        AND jsonb_path_exists(i."parts", '$[*] ? (@.kind == "text" && @.text != "")')
      ORDER BY i."position" DESC
      LIMIT 1
    ) last ON TRUE
    WHERE c."visitorId" = ${visitorId}::uuid
    ORDER BY c."updatedAt" DESC
    LIMIT ${take}`;
  return z.array(recentChatSchema).parse(rows);
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

// A block pick: UiAnswer is one per block and revision, written with its message (./answers.ts).

export type BlockTarget = {
  chatId: string;
  visitorId: string;
  itemId: string;
  blockId: string;
  revision: number;
  reads?: Record<string, string>;
};

const answerableRowSchema = z.object({
  status: z.enum(["streaming", "complete", "interrupted", "failed", "stopped"]).nullable(),
  parentToolUseId: z.string().nullable(),
  revision: z.number().int().nullable(),
  completedAt: z.date().nullable(),
  /** Null once answered, or when the reply holds no block by that id. */
  block: z.nullish(uiBlockSchema),
  newer: z.boolean(),
  answer: uiAnswerRowSchema.nullable(),
  readings: z
    .array(
      z.object({
        id: z.string(),
        query: z.string(),
        argsKey: z.string(),
        args: z.unknown(),
        value: z.unknown(),
        frozen: z.boolean(),
        readAt: storedTimestamp,
      }),
    )
    .nullable(),
});

/** What a pick on a block rests on, read under the chat's lock. */
export type AnswerableBlock = z.infer<typeof answerableRowSchema>;

/** One statement: the reply (all null if absent), the block while unanswered, any newer reply, the answer, and the named readings. */
export async function lockAnswerableBlock(tx: Tx, target: BlockTarget) {
  const { lock, row } = await readUnderLock(
    tx,
    target.visitorId,
    () => tx.$queryRaw<unknown[]>`
    SELECT ${LOCKED_CHAT_COLUMNS},
      item."status"::text AS "status", item."parentToolUseId", item."revision", item."completedAt",
      CASE WHEN answer."id" IS NULL THEN
        (SELECT block FROM jsonb_array_elements(COALESCE(item."blocks", '[]'::jsonb)) AS block WHERE block->>'id' = ${target.blockId})
      END AS "block",
      EXISTS (SELECT 1 FROM "Item" later WHERE later."chatId" = chat."id" AND later."role" = 'assistant'
        AND later."parentToolUseId" IS NULL AND later."position" > item."position") AS "newer",
      to_jsonb(answer) AS "answer",
      (SELECT jsonb_agg(reading) FROM "UiReading" reading WHERE reading."id" = ANY(${Object.values(target.reads ?? {})}::uuid[])
        AND reading."itemId" = item."id" AND reading."blockId" = ${target.blockId} AND reading."revision" = ${target.revision} AND reading."state" = 'fresh') AS "readings"
    FROM "Chat" chat
    LEFT JOIN "Item" item ON item."id" = ${target.itemId}::uuid AND item."chatId" = chat."id" AND item."role" = 'assistant'
    LEFT JOIN "UiAnswer" answer ON answer."itemId" = item."id" AND answer."blockId" = ${target.blockId} AND answer."revision" = ${target.revision}
    WHERE chat."id" = ${target.chatId}::uuid AND chat."visitorId" = ${target.visitorId}::uuid
    FOR UPDATE OF chat`,
  );
  return { lock, ...answerableRowSchema.parse(row) };
}

// A ChoiceList pick: FrameSelection, one row per attempt; DeterministicGrant, a route's alias used once (./selections.ts).

export type FrameTarget = {
  chatId: string;
  visitorId: string;
  itemId: string;
  instanceId: string;
  choiceId: string;
  revision?: number;
};

const frameRowSchema = z.object({
  role: z.enum(["user", "assistant"]).nullable(),
  parentToolUseId: z.string().nullable(),
  status: z.string().nullable(),
  revision: z.number().int().nullable(),
  part: z.nullable(componentPartSchema),
  latest: z
    .object({
      instanceId: z.string(),
      choiceId: z.string(),
      label: z.string(),
      event: z.unknown(),
      queued: z.boolean(),
      confirmationToken: z.string().nullable(),
      attempt: z.number().int(),
      at: storedTimestamp,
    })
    .nullable(),
  confirmationStatus: z.enum(CONFIRMATION_STATUSES).nullable(),
  confirmationOutcome: z.unknown(),
  alias: z.string().nullable(),
});

/** What a pick on a ChoiceList rests on, read with the chat. */
export type AnswerableFrame = z.infer<typeof frameRowSchema>;

/**
 * The transaction of a ChoiceList pick, taken one of two ways the work does not see. In an idle
 * chat the lookup reads without a transaction and the one append goes through only if the chat's
 * log still ends where the lookup saw it (`guard`): two statements, no BEGIN or COMMIT. Behind a
 * running reply (a queued message needs the lock), or once the log has moved, the work runs (again)
 * in a transaction, under the chat's lock. `work` writes only through `writeChat` on its lock.
 */
export async function framePickTransaction<T>(
  target: FrameTarget,
  work: (lock: ChatLock, found: AnswerableFrame) => Promise<T>,
): Promise<T> {
  const [seen] = await answerableFrameRows(db(), target, Prisma.empty);
  const chat = readChatRow(seen, target.visitorId);
  if (chat.activeTurnId === null) {
    const lock = guardedLock(chat);
    try {
      const result = await work(lock, frameRowSchema.parse(seen));
      if (lock.awaitingAppend) throw new Error(`A pick in chat ${chat.id} wrote beside its append`);
      return result;
    } catch (error) {
      if (!(error instanceof LogMoved)) throw error;
    }
  }
  return chatTransaction(async (tx) => {
    const { lock, row } = await readUnderLock(tx, target.visitorId, () =>
      answerableFrameRows(tx, target, Prisma.sql`FOR UPDATE OF chat`),
    );
    return work(lock, frameRowSchema.parse(row));
  });
}

/** Thrown by `writeChat` on a `guard`ed lock whose log moved: the work runs again under the lock. */
export class LogMoved extends Error {}

/** A lock that holds only the log's place, for `framePickTransaction`'s idle path. */
function guardedLock(chat: LockedChat): ChatLock {
  // Its statements run on their own (autocommit); its one write is `writeChat`'s guarded append.
  const lock = { tx: db(), chat, awaitingAppend: false, guard: chat.lastEventSeq };
  return lock as unknown as ChatLock;
}

/**
 * One statement: the item's frame, the list's latest pick with its confirmation's state, and the
 * route's unused grant for the choice. Every writer of what it reads appends to the chat's log.
 */
function answerableFrameRows(
  client: Pick<Tx, "$queryRaw">,
  target: FrameTarget,
  lock: Prisma.Sql,
): Promise<unknown[]> {
  return client.$queryRaw<unknown[]>`
    SELECT ${LOCKED_CHAT_COLUMNS},
      item."role"::text AS "role", item."parentToolUseId", item."status"::text AS "status", item."revision",
      (SELECT part FROM jsonb_array_elements(item."parts") WITH ORDINALITY AS parts(part, ordinality)
        WHERE part->>'kind' = 'component' AND part->>'instanceId' = ${target.instanceId} ORDER BY ordinality LIMIT 1) AS "part",
      to_jsonb(latest) AS "latest", confirmation."status"::text AS "confirmationStatus", confirmation."outcome" AS "confirmationOutcome",
      route_grant."alias"
    FROM "Chat" chat
    LEFT JOIN "Item" item ON item."id" = ${target.itemId}::uuid AND item."chatId" = chat."id"
    LEFT JOIN LATERAL (
      SELECT * FROM "FrameSelection" WHERE "itemId" = item."id" AND "instanceId" = ${target.instanceId} ORDER BY "attempt" DESC LIMIT 1
    ) latest ON TRUE
    LEFT JOIN "ActionConfirmation" confirmation ON confirmation."token" = latest."confirmationToken"
    LEFT JOIN "DeterministicGrant" route_grant ON route_grant."itemId" = item."id" AND route_grant."instanceId" = ${target.instanceId}
      AND route_grant."choiceId" = ${target.choiceId} AND route_grant."usedAt" IS NULL
    WHERE chat."id" = ${target.chatId}::uuid AND chat."visitorId" = ${target.visitorId}::uuid
    ${lock}`;
}
