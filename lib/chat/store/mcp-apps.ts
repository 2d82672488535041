import "server-only";
import { z } from "zod";
import { db, type Tx } from "@/lib/db/client";
import { mcpAppPartSchema } from "../wire";
import { chatNotFound, type ChatLock, LOCKED_CHAT_COLUMNS, readUnderLock } from "./chats";
import { mcpAppAnswerRowSchema, storedTimestamp } from "./views";

// McpAppAnswer: one per view (its unique key), written with its message like a block's answer.
// McpAppContext: a view's latest model context, one row per view, shown nowhere.

export type McpAppTarget = {
  chatId: string;
  visitorId: string;
  itemId: string;
  toolCallId: string;
};

const answerableRowSchema = z.object({
  status: z.enum(["streaming", "complete", "interrupted", "failed", "stopped"]).nullable(),
  parentToolUseId: z.string().nullable(),
  revision: z.number().int().nullable(),
  /** Null when the reply holds no view of that tool call (or is not in the chat). */
  part: z.nullable(mcpAppPartSchema),
  answer: mcpAppAnswerRowSchema.nullable(),
});

/** What a view's answer rests on, read under the chat's lock. */
export type AnswerableMcpApp = z.infer<typeof answerableRowSchema>;

/** One statement: the reply (all null if absent), its view of the tool call, and that view's answer. */
export async function lockAnswerableMcpApp(tx: Tx, target: McpAppTarget) {
  const { lock, row } = await readUnderLock(
    tx,
    target.visitorId,
    () => tx.$queryRaw<unknown[]>`
    SELECT ${LOCKED_CHAT_COLUMNS},
      item."status"::text AS "status", item."parentToolUseId", item."revision",
      (SELECT part FROM jsonb_array_elements(item."parts") AS part
        WHERE part->>'kind' = 'mcp-app' AND part->>'toolCallId' = ${target.toolCallId} LIMIT 1) AS "part",
      to_jsonb(answer) AS "answer"
    FROM "Chat" chat
    LEFT JOIN "Item" item ON item."id" = ${target.itemId}::uuid AND item."chatId" = chat."id" AND item."role" = 'assistant'
    LEFT JOIN "McpAppAnswer" answer ON answer."itemId" = item."id" AND answer."toolCallId" = ${target.toolCallId}
    WHERE chat."id" = ${target.chatId}::uuid AND chat."visitorId" = ${target.visitorId}::uuid
    FOR UPDATE OF chat`,
  );
  return { lock, ...answerableRowSchema.parse(row) };
}

/** A queued view's answer is sent now. Returns the rows its events carry. */
export async function markMcpAppAnswersSent(
  lock: ChatLock,
  { queuedId, messageId, turnId }: { queuedId: bigint; messageId: string; turnId: string },
) {
  lock.awaitingAppend = true;
  return lock.tx.mcpAppAnswer.updateManyAndReturn({
    where: { queuedId },
    data: { queued: false, messageId, turnId },
  });
}

export type ModelContext = { content?: unknown[]; structuredContent?: Record<string, unknown> };

const storedContextSchema = z.object({ chats: z.number().int(), updatedAt: z.date().nullable() });

/**
 * One statement, without the chat's lock: the view's context replaced (or first stored) if the
 * visitor's chat holds a reply with that view. Throws `chat-not-found` for another's chat; null
 * when the chat holds no such view. The context shows on no page, so no event is appended; the
 * next turn reads whatever was stored last.
 */
export async function storeModelContext(
  target: McpAppTarget & { context: ModelContext },
): Promise<Date | null> {
  const { chatId, visitorId, itemId, toolCallId, context } = target;
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  const rows = await db().$queryRaw<unknown[]>`
    WITH chat AS (
      SELECT "id" FROM "Chat" WHERE "id" = ${chatId}::uuid AND "visitorId" = ${visitorId}::uuid
    ), view AS (
      SELECT item."id", part->>'toolName' AS "toolName"
      FROM chat JOIN "Item" item ON item."chatId" = chat."id", jsonb_array_elements(item."parts") AS part
      WHERE item."id" = ${itemId}::uuid AND item."role" = 'assistant'
        AND part->>'kind' = 'mcp-app' AND part->>'toolCallId' = ${toolCallId}
      LIMIT 1
      -- Held until the write commits: a reply deleted meanwhile (an edit, the chat's deletion) is
      -- skipped once its deletion commits, so the view is not found instead of the insert failing.
      FOR KEY SHARE OF item
    ), stored AS (
      INSERT INTO "McpAppContext" ("itemId", "toolCallId", "toolName", "content", "structuredContent", "updatedAt")
      SELECT view."id", ${toolCallId}, view."toolName", ${json(context.content)}::jsonb, ${json(context.structuredContent)}::jsonb, ${new Date()}
      FROM view
      ON CONFLICT ("itemId", "toolCallId") DO UPDATE SET "content" = EXCLUDED."content",
        "structuredContent" = EXCLUDED."structuredContent", "updatedAt" = EXCLUDED."updatedAt"
      RETURNING "updatedAt"
    )
    SELECT (SELECT count(*) FROM chat)::int AS "chats", (SELECT "updatedAt" FROM stored) AS "updatedAt"`;
  const row = storedContextSchema.parse(rows[0]);
  if (row.chats === 0) throw chatNotFound();
  return row.updatedAt;
}

/** A view's stored context as the history reads it, with the tool it belongs to. */
export const storedModelContextSchema = z.object({
  toolCallId: z.string(),
  toolName: z.string(),
  content: z.array(z.object({ type: z.string(), text: z.string().optional() })).nullable(),
  structuredContent: z.record(z.string(), z.unknown()).nullable(),
  updatedAt: storedTimestamp,
});
export type StoredModelContext = z.infer<typeof storedModelContextSchema>;

/**
 * Under the chat's lock: the proposals a view's calls made of one action that still stand
 * (pending, not yet expired), so a repeated call answers its proposal instead of making another.
 */
export function findStandingProposals(
  lock: ChatLock,
  {
    itemId,
    instanceId,
    action,
    now,
  }: { itemId: string; instanceId: string; action: string; now: Date },
) {
  return lock.tx.actionConfirmation.findMany({
    where: {
      chatId: lock.chat.id,
      itemId,
      instanceId,
      action,
      status: "pending",
      expiresAt: { gt: now },
    },
  });
}
