import "server-only";
import { z } from "zod";
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { appConfig } from "@/lib/config";
import { CHAT_EVENTS_CHANNEL } from "./channel";
import type { ChatEvent, Part } from "../wire";
import { chatNotFound, type ChatLock, LogMoved } from "./chats";
import { leaseFromNow } from "./turns";
import type { ChatMove, ChatWrite, ClaimWrite, TurnState } from "./writes";

export type { ChatMove, ChatWrite, TurnState } from "./writes";

// The log and every write riding on it, in one statement (decision 018): the log moves with every
// change, which the lock's `stale` read and `writeIfLogUnchanged`'s guard rest on.

export type ChatChange = {
  events: readonly ChatEvent[];
  writes?: readonly ChatWrite[];
  chat?: ChatMove;
};

const json = (value: unknown) => JSON.stringify(value);

/**
 * Each selects from `seq`, so it runs only if the append does: under the lock always, in a guarded
 * write only if the log has not moved. Unique keys make a racing second write roll back.
 */
function writeSql(write: ChatWrite): Prisma.Sql[] {
  switch (write.kind) {
    case "message": {
      const { chatId, item, turn } = write.message;
      return [
        Prisma.sql`INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "origin", "turnId", "createdAt", "completedAt")
          SELECT ${item.id}::uuid, ${chatId}::uuid, ${item.position}, 'user', 'complete', ${item.content}, ${json(item.parts)}::jsonb,
            ${item.origin ? json(item.origin) : null}::jsonb, ${turn.id}::uuid, ${item.createdAt}, ${item.createdAt} FROM seq`,
        Prisma.sql`INSERT INTO "Turn" ("id", "chatId", "triggerItemId", "leaseExpiresAt") SELECT ${turn.id}::uuid, ${chatId}::uuid, ${item.id}::uuid, ${turn.leaseExpiresAt} FROM seq`,
      ];
    }
    case "answer": {
      const row = write.answer;
      return [
        Prisma.sql`INSERT INTO "UiAnswer" ("id", "itemId", "blockId", "revision", "choiceId", "label", "values", "readings", "sourceAt", "older", "queued", "turnId", "messageId", "queuedId", "at")
        SELECT ${row.id}::uuid, ${row.itemId}::uuid, ${row.blockId}, ${row.revision}, ${row.choiceId}, ${row.label}, ${json(row.values)}::jsonb,
          ${json(row.readings)}::jsonb, ${row.sourceAt}, ${row.older}, ${row.queued}, ${row.turnId}::uuid, ${row.messageId}::uuid, ${row.queuedId?.toString() ?? null}::bigint, ${row.at} FROM seq`,
      ];
    }
    case "mcpAppAnswer": {
      const row = write.answer;
      return [
        Prisma.sql`INSERT INTO "McpAppAnswer" ("id", "itemId", "toolCallId", "text", "queued", "turnId", "messageId", "queuedId", "at")
        SELECT ${row.id}::uuid, ${row.itemId}::uuid, ${row.toolCallId}, ${row.text}, ${row.queued}, ${row.turnId}::uuid, ${row.messageId}::uuid,
          ${row.queuedId?.toString() ?? null}::bigint, ${row.at} FROM seq`,
      ];
    }
    case "selection": {
      const row = write.selection;
      return [
        Prisma.sql`INSERT INTO "FrameSelection" ("id", "itemId", "instanceId", "choiceId", "label", "event", "queued", "messageId", "queuedId", "confirmationToken", "attempt", "at")
        SELECT ${row.id}::uuid, ${row.itemId}::uuid, ${row.instanceId}, ${row.choiceId}, ${row.label}, ${json(row.event)}::jsonb, ${row.queued},
          ${row.messageId}::uuid, ${row.queuedId?.toString() ?? null}::bigint, ${row.confirmationToken}, ${row.attempt}, ${row.at} FROM seq`,
      ];
    }
    case "grantUse": {
      // The route's grant for exactly this choice, used once.
      const { itemId, instanceId, choiceId, at } = write.grant;
      return [
        Prisma.sql`UPDATE "DeterministicGrant" SET "usedAt" = ${at} FROM seq
        WHERE "itemId" = ${itemId}::uuid AND "instanceId" = ${instanceId} AND "choiceId" = ${choiceId} AND "usedAt" IS NULL`,
      ];
    }
    case "proposal": {
      const { origin, record } = write.proposal;
      const createdAt = new Date(record.createdAt);
      return [
        Prisma.sql`INSERT INTO "ActionConfirmation" ("token", "visitorId", "chatId", "itemId", "instanceId", "choiceId", "action", "input", "toolCallId", "status", "expiresAt", "createdAt", "updatedAt")
        SELECT ${record.token}, ${record.sessionId}::uuid, ${origin.chatId}::uuid, ${origin.itemId}::uuid, ${origin.instanceId}, ${origin.choiceId}, ${record.action},
          ${json(record.input ?? {})}::jsonb, ${record.toolCallId}, ${record.status}::"ConfirmationStatus", ${new Date(record.expiresAt)}, ${createdAt}, ${createdAt} FROM seq`,
      ];
    }
    case "regeneration": {
      const turn = write.turn;
      return [
        Prisma.sql`INSERT INTO "Turn" ("id", "chatId", "triggerItemId", "restartsItemId", "leaseExpiresAt")
        SELECT ${turn.id}::uuid, ${turn.chatId}::uuid, ${turn.triggerItemId}::uuid, ${turn.restartsItemId}::uuid, ${turn.leaseExpiresAt} FROM seq`,
      ];
    }
    case "keepVersion": {
      const { itemId } = write.version;
      return [
        Prisma.sql`INSERT INTO "ItemVersion" ("itemId", "version", "revision", "status", "content", "parts", "blocks", "links", "completedAt")
        SELECT item."id", COALESCE((SELECT max(kept."version") FROM "ItemVersion" kept WHERE kept."itemId" = item."id"), 0) + 1, item."revision", item."status",
          item."content", item."parts", item."blocks", item."links", item."completedAt"
        FROM "Item" item, seq WHERE item."id" = ${itemId}::uuid`,
      ];
    }
    case "replaceItems": {
      // Their answers, readings and versions go with them (cascade); the edit refused any answered part.
      const { chatId, fromPosition } = write.replace;
      return [
        Prisma.sql`DELETE FROM "Item" USING seq WHERE "chatId" = ${chatId}::uuid AND "position" >= ${fromPosition}`,
      ];
    }
    case "subagentReply": {
      const item = write.item;
      return [
        Prisma.sql`INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "blocks", "links", "revision", "parentToolUseId", "turnId", "createdAt", "completedAt")
        SELECT ${item.id}::uuid, ${item.chatId}::uuid, ${item.position}, 'assistant', 'complete', ${item.content}, ${json(item.parts)}::jsonb,
          ${json(item.blocks)}::jsonb, ${json(item.links)}::jsonb, 1, ${item.parentToolUseId}, ${item.turnId}::uuid, ${item.completedAt}, ${item.completedAt} FROM seq`,
      ];
    }
  }
}

/** A regenerate writes the item again, its blocks at the next revision. */
function claimSql(claim: ClaimWrite): Prisma.Sql[] {
  const bind = Prisma.sql`UPDATE "Turn" SET "replyItemId" = ${claim.itemId}::uuid, "leaseExpiresAt" = ${leaseFromNow()}, "replyFromSeq" = ${claim.seen}
    FROM seq WHERE "Turn"."id" = ${claim.turnId}::uuid`;
  const reply = claim.restart
    ? Prisma.sql`UPDATE "Item" SET "status" = 'streaming', "content" = '', "parts" = '[]'::jsonb, "blocks" = NULL, "turnId" = ${claim.turnId}::uuid,
        "completedAt" = NULL, "snapshotSeq" = ${claim.seen}
      FROM seq WHERE "Item"."id" = ${claim.itemId}::uuid`
    : Prisma.sql`INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "turnId", "createdAt", "snapshotSeq")
      SELECT ${claim.itemId}::uuid, ${claim.chatId}::uuid, ${claim.position}, 'assistant', 'streaming', '', '[]'::jsonb, ${claim.turnId}::uuid, ${claim.createdAt}, ${claim.seen} FROM seq`;
  return [reply, bind];
}

/** Under the chat lock. Returns the log's last sequence number. */
export async function writeChat(
  lock: ChatLock,
  { events, writes = [], chat = {} }: ChatChange,
): Promise<number> {
  const lastEventSeq =
    lock.guard === undefined
      ? await appendUnderLock(lock, events, chat, writes)
      : await appendWhereSeen(lock, events, chat, writes);
  // The lock's row stays as the database holds it, for the rest of the transaction.
  Object.assign(
    lock.chat,
    { lastEventSeq },
    chat.lastPosition === undefined ? {} : { lastPosition: chat.lastPosition },
    chat.activeTurnId === undefined ? {} : { activeTurnId: chat.activeTurnId },
  );
  // Only events move the log that `writeIfLogUnchanged` guards on.
  if (events.length > 0) lock.awaitingAppend = false;
  return lastEventSeq;
}

async function appendUnderLock(
  lock: ChatLock,
  events: readonly ChatEvent[],
  chat: ChatMove,
  writes: readonly ChatWrite[],
): Promise<number> {
  const sql = writes.flatMap(writeSql);
  const rows = await appendStatement(
    lock.tx,
    lock.chat.id,
    events,
    { chat },
    sql,
    events.length > 0,
  );
  const row = seqSchema.safeParse(rows[0]);
  if (!row.success) throw chatNotFound();
  return row.data.lastEventSeq;
}

/** A lock that holds only the log's place (`guard`) appends once, while the log still ends there. */
async function appendWhereSeen(
  lock: ChatLock,
  events: readonly ChatEvent[],
  chat: ChatMove,
  writes: readonly ChatWrite[],
): Promise<number> {
  const seen = lock.guard!;
  if (lock.chat.lastEventSeq !== seen)
    throw new Error(`A guarded lock on chat ${lock.chat.id} appends once`);
  if (!(await ifLogUnchanged(lock.chat.id, seen, events, chat, writes.flatMap(writeSql))))
    throw new LogMoved();
  return seen + events.length;
}

const seqSchema = z.object({ lastEventSeq: z.number().int() });
const writtenSchema = z.object({
  written: z.number().int(),
  stop: z.boolean().nullable().optional(),
});

/**
 * Writes only if the log still ends at `seen`, where the caller's read saw it: every change moves the
 * log, so that read still holds. False: nothing was written; read again and decide anew.
 */
export async function writeIfLogUnchanged(
  chatId: string,
  seen: number,
  { events, writes = [], chat = {} }: ChatChange,
): Promise<boolean> {
  return ifLogUnchanged(chatId, seen, events, chat, writes.flatMap(writeSql));
}

/** Decision 013: only if the log has not moved since the claim read it. */
export async function writeClaim(
  claim: ClaimWrite,
  events: readonly ChatEvent[],
): Promise<boolean> {
  return ifLogUnchanged(
    claim.chatId,
    claim.seen,
    events,
    claim.restart ? {} : { lastPosition: claim.position },
    claimSql(claim),
  );
}

async function ifLogUnchanged(
  chatId: string,
  seen: number,
  events: readonly ChatEvent[],
  chat: ChatMove,
  writes: Prisma.Sql[],
): Promise<boolean> {
  const rows = await appendStatement(
    db(),
    chatId,
    events,
    { chat, when: Prisma.sql`"lastEventSeq" = ${seen}` },
    writes,
    true,
  );
  return writtenSchema.parse(rows[0]).written === 1;
}

export type ReplyDelta = {
  chatId: string;
  turnId: string;
  itemId: string;
  events: ChatEvent[];
  snapshot?: { content: string; parts: Part[] };
  contentTail?: string;
};

/**
 * Appends only while the turn is active and not stopped (re-checked once the row lock is won). Renews
 * the lease past a third of it; touches rows only where something changes (decision 015).
 */
export async function writeReplyDelta({
  chatId,
  turnId,
  itemId,
  events,
  snapshot,
  contentTail,
}: ReplyDelta): Promise<TurnState> {
  const renewBefore = new Date(Date.now() + (appConfig().turnLeaseMs * 2) / 3);
  const stopped = Prisma.sql`SELECT "stopRequestedAt" IS NOT NULL FROM "Turn" WHERE "id" = ${turnId}::uuid AND "status" = 'running'`;
  const writes = [
    Prisma.sql`UPDATE "Turn" SET "leaseExpiresAt" = ${leaseFromNow()}
      WHERE "id" = ${turnId}::uuid AND "leaseExpiresAt" < ${renewBefore} AND EXISTS (SELECT 1 FROM seq)`,
    Prisma.sql`UPDATE "Item" SET "content" = ${snapshot?.content ?? ""}, "parts" = ${JSON.stringify(snapshot?.parts ?? [])}::jsonb, "snapshotSeq" = seq."lastEventSeq"
      FROM seq WHERE "Item"."id" = ${itemId}::uuid AND ${snapshot !== undefined}`,
  ];
  const options = {
    when: Prisma.sql`"activeTurnId" = ${turnId}::uuid AND (${stopped}) = FALSE`,
    touch: false,
    contentTail: contentTail ?? null,
  };
  const rows = await appendStatement(
    db(),
    chatId,
    events,
    options,
    writes,
    true,
    Prisma.sql`, (${stopped}) AS "stop"`,
  );
  const row = writtenSchema.parse(rows[0]);
  if (row.written === 1) return "running";
  return row.stop ? "stop" : "lost";
}

type AppendOptions = {
  /** Nothing is written when it is false. */
  when?: Prisma.Sql;
  /** False for a streaming write, keeping its row update HOT. */
  touch?: boolean;
  /** Stored with the last event, never streamed. */
  contentTail?: string | null;
  chat?: ChatMove;
};

/**
 * `seq` moves the log on the chat row (whose lock orders appends by commit), `inserted` stores the
 * events, `notice` wakes streams on commit; each write follows as `wN AS (…)`.
 */
function appendStatement(
  client: Pick<Tx, "$queryRaw">,
  chatId: string,
  events: readonly ChatEvent[],
  options: AppendOptions,
  writes: Prisma.Sql[],
  notify: boolean,
  extra: Prisma.Sql = Prisma.empty,
) {
  const { when = Prisma.sql`TRUE`, touch = true, contentTail = null, chat = {} } = options;
  const count = events.length;
  const moves = [
    chat.lastPosition === undefined ? null : Prisma.sql`, "lastPosition" = ${chat.lastPosition}`,
    chat.activeTurnId === undefined
      ? null
      : Prisma.sql`, "activeTurnId" = ${chat.activeTurnId}::uuid`,
    chat.title === undefined ? null : Prisma.sql`, "title" = ${chat.title}`,
    chat.share === undefined
      ? null
      : Prisma.sql`, "shareTokenHash" = ${chat.share?.tokenHash ?? null}::text, "sharedAt" = ${chat.share?.at ?? null}::timestamp(3)`,
  ].filter((move) => move !== null);
  const named = writes.map(
    (write, index) => Prisma.sql`, ${Prisma.raw(`w${index}`)} AS (${write})`,
  );
  const result = notify
    ? Prisma.sql`SELECT seq."lastEventSeq", (SELECT count(*) FROM notice)::int AS "written"${extra} FROM (SELECT 1) one LEFT JOIN seq ON TRUE`
    : Prisma.sql`SELECT seq."lastEventSeq" FROM seq`;
  return client.$queryRaw<unknown[]>`
    WITH seq AS (
      UPDATE "Chat" SET "lastEventSeq" = "lastEventSeq" + ${count}, "updatedAt" = CASE WHEN ${touch} THEN now() ELSE "updatedAt" END${moves.length > 0 ? Prisma.join(moves, "") : Prisma.empty}
      WHERE "id" = ${chatId}::uuid AND ${when} RETURNING "lastEventSeq"
    ), inserted AS (
      INSERT INTO "ChatEvent" ("chatId", "seq", "type", "data", "contentTail")
      SELECT ${chatId}::uuid, seq."lastEventSeq" - ${count} + event.ordinality::int, event.value->>'type', event.value,
        CASE WHEN event.ordinality = ${count} THEN ${contentTail}::text END
      FROM seq, jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS event(value, ordinality)
    ), notice AS (
      SELECT pg_notify(${CHAT_EVENTS_CHANNEL}, ${chatId} || ':' || "lastEventSeq") FROM seq
    )${named.length > 0 ? Prisma.join(named, "") : Prisma.empty}
    ${result}`;
}
