import "server-only";
import { z } from "zod";
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { appConfig } from "@/lib/config";
import { CHAT_EVENTS_CHANNEL } from "../stream/notify";
import type { ChatEvent, Part } from "../wire";
import { answerInsert } from "./answers";
import { chatNotFound, type ChatLock, settle } from "./chats";
import { proposalInsert } from "./confirmations";
import { subagentReplyInsert } from "./items";
import { grantUse, selectionInsert } from "./selections";
import { claimWrites, leaseFromNow, messageInserts, regenerationInsert, type ClaimWrite } from "./turns";
import type { ChatMove, ChatWrite, TurnState } from "./writes";

export type { ChatMove, ChatWrite, TurnState } from "./writes";

// The chat's log. Every write to a chat's tables rides on an append here, in the same statement
// (decision 018): the log moves with every change, which is what the lock's `stale` read and
// `writeUnmoved`'s guard rest on (decision 013).

export type ChatChange = { events: readonly ChatEvent[]; writes?: readonly ChatWrite[]; chat?: ChatMove };

function writeSql(write: ChatWrite): Prisma.Sql[] {
  switch (write.kind) {
    case "message":
      return messageInserts(write.message);
    case "answer":
      return [answerInsert(write.answer)];
    case "selection":
      return [selectionInsert(write.selection)];
    case "grantUse":
      return [grantUse(write.grant)];
    case "proposal":
      return [proposalInsert(write.proposal)];
    case "regeneration":
      return [regenerationInsert(write.turn)];
    case "subagentReply":
      return [subagentReplyInsert(write.item)];
  }
}

/**
 * Appends the change's events under the chat lock and stores its writes, in one statement.
 * Returns the log's last sequence number.
 */
export async function writeChat(lock: ChatLock, { events, writes = [], chat = {} }: ChatChange): Promise<number> {
  const rows = await appendStatement(lock.tx, lock.chat.id, events, { chat }, writes.flatMap(writeSql), events.length > 0);
  const row = seqSchema.safeParse(rows[0]);
  if (!row.success) throw chatNotFound();
  // The lock's row stays as the database holds it, for the rest of the transaction.
  Object.assign(lock.chat, { lastEventSeq: row.data.lastEventSeq }, chat.lastPosition === undefined ? {} : { lastPosition: chat.lastPosition },
    chat.activeTurnId === undefined ? {} : { activeTurnId: chat.activeTurnId });
  // Only events move the log that `writeUnmoved` guards on.
  if (events.length > 0) settle(lock);
  return row.data.lastEventSeq;
}

const seqSchema = z.object({ lastEventSeq: z.number().int() });
const writtenSchema = z.object({ written: z.number().int(), stop: z.boolean().nullable().optional() });

/**
 * `writeChat` without the lock or a transaction: one statement that writes only if the chat's log
 * still ends at `seen`, where the caller's read saw it. Every change moves the log, so an unmoved
 * log means that read still holds; false: nothing was written, read again and decide anew.
 */
export async function writeUnmoved(chatId: string, seen: number, { events, writes = [], chat = {} }: ChatChange): Promise<boolean> {
  return unmoved(chatId, seen, events, chat, writes.flatMap(writeSql));
}

/** A turn's claim (decision 013): its reply item written and bound, only if the log has not moved since the claim read it. */
export async function writeClaim(claim: ClaimWrite, events: readonly ChatEvent[]): Promise<boolean> {
  return unmoved(claim.chatId, claim.seen, events, claim.restart ? {} : { lastPosition: claim.position }, claimWrites(claim));
}

async function unmoved(chatId: string, seen: number, events: readonly ChatEvent[], chat: ChatMove, writes: Prisma.Sql[]): Promise<boolean> {
  const rows = await appendStatement(db(), chatId, events, { chat, when: Prisma.sql`"lastEventSeq" = ${seen}` }, writes, true);
  return writtenSchema.parse(rows[0]).written === 1;
}

export type ReplyDelta = { chatId: string; turnId: string; itemId: string; events: ChatEvent[]; snapshot?: { content: string; parts: Part[] }; contentTail?: string };

/**
 * One write of a streaming reply, without a transaction: its events are appended only while the
 * turn is the chat's active one and nobody pressed Stop (re-checked on the newest row once the
 * row lock is won). With them, the lease is renewed once a third of it has passed, and a snapshot
 * stores the reply so far. Rows are touched only where something changes (decision 015).
 */
export async function writeReplyDelta({ chatId, turnId, itemId, events, snapshot, contentTail }: ReplyDelta): Promise<TurnState> {
  const renewBefore = new Date(Date.now() + (appConfig().turnLeaseMs * 2) / 3);
  const stopped = Prisma.sql`SELECT "stopRequestedAt" IS NOT NULL FROM "Turn" WHERE "id" = ${turnId}::uuid AND "status" = 'running'`;
  const writes = [
    Prisma.sql`UPDATE "Turn" SET "leaseExpiresAt" = ${leaseFromNow()}
      WHERE "id" = ${turnId}::uuid AND "leaseExpiresAt" < ${renewBefore} AND EXISTS (SELECT 1 FROM seq)`,
    Prisma.sql`UPDATE "Item" SET "content" = ${snapshot?.content ?? ""}, "parts" = ${JSON.stringify(snapshot?.parts ?? [])}::jsonb, "snapshotSeq" = seq."lastEventSeq"
      FROM seq WHERE "Item"."id" = ${itemId}::uuid AND ${snapshot !== undefined}`,
  ];
  const options = { when: Prisma.sql`"activeTurnId" = ${turnId}::uuid AND (${stopped}) = FALSE`, touch: false, contentTail: contentTail ?? null };
  const rows = await appendStatement(db(), chatId, events, options, writes, true, Prisma.sql`, (${stopped}) AS "stop"`);
  const row = writtenSchema.parse(rows[0]);
  if (row.written === 1) return "running";
  return row.stop ? "stop" : "lost";
}

type AppendOptions = {
  /** Guards the append on the chat row; nothing is written when it is false. */
  when?: Prisma.Sql;
  /** Whether the append counts as activity in the chat list: a streaming write's does not, keeping its row update HOT. */
  touch?: boolean;
  /** Stored with the last event, never streamed: the text a reply's write added to its raw content. */
  contentTail?: string | null;
  chat?: ChatMove;
};

/**
 * The one statement that writes a chat. `seq` moves the log on the chat row (whose row lock
 * orders appends by commit), `inserted` stores the events, `notice` wakes streams on commit; each
 * write follows as `wN AS (…)`, selecting from `seq` where it must run only if the append does.
 */
function appendStatement(client: Pick<Tx, "$queryRaw">, chatId: string, events: readonly ChatEvent[], options: AppendOptions, writes: Prisma.Sql[], notify: boolean, extra: Prisma.Sql = Prisma.empty) {
  const { when = Prisma.sql`TRUE`, touch = true, contentTail = null, chat = {} } = options;
  const count = events.length;
  const moves = [
    chat.lastPosition === undefined ? null : Prisma.sql`, "lastPosition" = ${chat.lastPosition}`,
    chat.activeTurnId === undefined ? null : Prisma.sql`, "activeTurnId" = ${chat.activeTurnId}::uuid`,
    chat.title === undefined ? null : Prisma.sql`, "title" = ${chat.title}`,
  ].filter((move) => move !== null);
  const named = writes.map((write, index) => Prisma.sql`, ${Prisma.raw(`w${index}`)} AS (${write})`);
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
