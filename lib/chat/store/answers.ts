import "server-only";
import { z } from "zod";
import type { Tx } from "@/lib/db/client";
import { type ChatLock, owe, readUnderLock } from "./chats";
import { uiBlockSchema } from "../wire";
import { storedTimestamp } from "./views";

// UiAnswer: one per block and revision (its unique key), written with its message.

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
  block: uiBlockSchema.nullish(),
  newer: z.boolean(),
  answer: z
    .object({
      choiceId: z.string(),
      label: z.string(),
      values: z.unknown(),
      readings: z.unknown(),
      sourceAt: storedTimestamp,
      older: z.boolean(),
      at: storedTimestamp,
      queued: z.boolean(),
      turnId: z.string().nullable(),
    })
    .nullable(),
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
  // The chat row's version beside the snapshot's tells a read that waited for the lock (`stale`).
  const { lock, row } = await readUnderLock(
    tx,
    target.visitorId,
    () => tx.$queryRaw<unknown[]>`
    SELECT chat."id", chat."visitorId", chat."activeTurnId", chat."lastEventSeq", chat."lastPosition",
      chat.xmin::text IS DISTINCT FROM (SELECT xmin::text FROM "Chat" WHERE "id" = chat."id") AS "stale",
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

/** A queued pick is sent now. Returns the rows its events carry. */
export async function markAnswersSent(
  lock: ChatLock,
  { queuedId, messageId, turnId }: { queuedId: bigint; messageId: string; turnId: string },
) {
  owe(lock);
  return lock.tx.uiAnswer.updateManyAndReturn({
    where: { queuedId },
    data: { queued: false, messageId, turnId },
  });
}
