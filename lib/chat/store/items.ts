import "server-only";
import { z } from "zod";
import { CONFIRMATION_STATUSES } from "@/lib/component-frames";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { Prisma } from "@/lib/db/generated/client";
import type { ItemView } from "../wire";
import { type ChatLock, ownChat } from "./chats";
import { STREAMED_EVENT_TYPES } from "./events";
import {
  itemExtras,
  storedTimestamp,
  toItemView,
  toReplyVersion,
  type ItemRow,
  mcpAppAnswerRowSchema,
  uiAnswerRowSchema,
  type VersionRow,
} from "./views";

// Item: a chat's messages and replies by position.

const extrasRowSchema = z.object({
  selections: z.array(
    z.object({
      instanceId: z.string(),
      choiceId: z.string(),
      label: z.string(),
      at: storedTimestamp,
      queued: z.boolean(),
      confirmationToken: z.string().nullable(),
    }),
  ),
  uiAnswers: z.array(uiAnswerRowSchema),
  mcpAppAnswers: z.array(mcpAppAnswerRowSchema),
  uiReadings: z.array(
    z.object({
      id: z.string(),
      blockId: z.string(),
      revision: z.number().int(),
      query: z.string(),
      state: z.enum(["pending", "fresh", "failed", "refused"]),
      args: z.unknown(),
      value: z.unknown(),
      reason: z.unknown(),
      frozen: z.boolean(),
      readAt: storedTimestamp,
    }),
  ),
  confirmations: z.array(
    z.object({
      token: z.string(),
      instanceId: z.string(),
      action: z.string(),
      input: z.unknown(),
      toolCallId: z.string(),
      status: z.enum(CONFIRMATION_STATUSES),
      expiresAt: storedTimestamp,
      outcome: z.unknown(),
      proposedInput: z.unknown(),
    }),
  ),
  versions: z.array(
    z.object({
      version: z.number().int(),
      revision: z.number().int(),
      status: z.enum(["streaming", "complete", "interrupted", "failed", "stopped"]),
      parts: z.unknown(),
      blocks: z.unknown(),
      links: z.unknown(),
      completedAt: storedTimestamp.nullable(),
    }),
  ),
});

const itemRowSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  role: z.enum(["user", "assistant"]),
  status: z.enum(["streaming", "complete", "interrupted", "failed", "stopped"]),
  content: z.string(),
  parts: z.unknown(),
  blocks: z.unknown(),
  links: z.unknown(),
  revision: z.number().int(),
  origin: z.unknown(),
  parentToolUseId: z.string().nullable(),
  createdAt: z.date(),
  completedAt: z.date().nullable(),
});

// An item's view as columns: its row's, the body aside, and its picks, answers, frozen readings,
// confirmations and kept versions as JSON arrays. `item` is the Item row, in a SELECT or a RETURNING.
const VIEW_COLUMNS = Prisma.sql`item."id", item."position", item."role"::text AS "role", item."status"::text AS "status",
  item."revision", item."origin", item."parentToolUseId", item."createdAt", item."completedAt",
  COALESCE((SELECT jsonb_agg(to_jsonb(selection) ORDER BY selection."attempt") FROM "FrameSelection" selection WHERE selection."itemId" = item."id"), '[]') AS "selections",
  COALESCE((SELECT jsonb_agg(to_jsonb(answer)) FROM "UiAnswer" answer WHERE answer."itemId" = item."id"), '[]') AS "uiAnswers",
  COALESCE((SELECT jsonb_agg(to_jsonb(answer)) FROM "McpAppAnswer" answer WHERE answer."itemId" = item."id"), '[]') AS "mcpAppAnswers",
  COALESCE((SELECT jsonb_agg(to_jsonb(reading)) FROM "UiReading" reading WHERE reading."itemId" = item."id" AND reading."frozen"), '[]') AS "uiReadings",
  COALESCE((SELECT jsonb_agg(to_jsonb(confirmation) ORDER BY confirmation."createdAt") FROM "ActionConfirmation" confirmation WHERE confirmation."itemId" = item."id"), '[]') AS "confirmations",
  COALESCE((SELECT jsonb_agg(to_jsonb(kept) - 'content' ORDER BY kept."version") FROM "ItemVersion" kept WHERE kept."itemId" = item."id"), '[]') AS "versions"`;

export type FinalReply = {
  turnId: string;
  itemId: string;
  content: string;
  parts: unknown;
  blocks: unknown;
  links: unknown;
  revision: number;
  status: "complete" | "failed" | "interrupted" | "stopped";
};

/** The body of an item's view: what a final store already holds, so it need not read it back. */
export type ItemBody = Pick<ItemRow, "content" | "parts" | "blocks" | "links">;

/** One statement of JSON arrays. */
export async function loadItemView(tx: Tx, itemId: string): Promise<ItemView> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT ${VIEW_COLUMNS}, item."content", item."parts", item."blocks", item."links" FROM "Item" item WHERE item."id" = ${itemId}::uuid`;
  if (rows.length === 0) throw new AppError("item-not-found");
  return readItemView(rows[0]);
}

/**
 * Stores a reply final, the events it streamed deleted in the same statement (sequence numbers are
 * never reused: a page inside the gap reads on), and returns its view for the caller's `item.completed`.
 */
export async function storeFinalItem(lock: ChatLock, reply: FinalReply): Promise<ItemView> {
  lock.awaitingAppend = true;
  const { content, parts, blocks, links } = reply;
  const rows = await lock.tx.$queryRaw<unknown[]>`
    WITH compacted AS (
      DELETE FROM "ChatEvent"
      WHERE "chatId" = ${lock.chat.id}::uuid AND "seq" > (SELECT "replyFromSeq" FROM "Turn" WHERE "id" = ${reply.turnId}::uuid)
        AND "type" IN (${Prisma.join([...STREAMED_EVENT_TYPES])}) AND "data"->>'itemId' = ${reply.itemId}
    )
    UPDATE "Item" item SET "content" = ${content}, "parts" = ${JSON.stringify(parts)}::jsonb, "blocks" = ${JSON.stringify(blocks)}::jsonb, "links" = ${JSON.stringify(links)}::jsonb,
      "revision" = ${reply.revision}, "status" = ${reply.status}::"ItemStatus", "completedAt" = ${new Date()}, "snapshotSeq" = NULL
    WHERE item."id" = ${reply.itemId}::uuid
    RETURNING ${VIEW_COLUMNS}`;
  if (rows.length === 0) throw new AppError("item-not-found");
  return readItemView(rows[0], { content, parts, blocks, links });
}

function readItemView(stored: unknown, body?: ItemBody): ItemView {
  const row = itemRowSchema.parse(body ? Object.assign({}, stored, body) : stored);
  const { confirmations, versions, ...extras } = extrasRowSchema.parse(stored);
  return toItemView(row, {
    ...itemExtras({ revision: row.revision, ...extras }, confirmations),
    versions: versions.map((version) => toReplyVersion(version, extras)),
  });
}

type Where = { chatId: string; position?: { lt?: number; gte?: number } };

export function readItemRows(tx: Tx, where: Where, take?: number) {
  return tx.item.findMany({ where, take, orderBy: { position: "desc" } });
}

export async function hasItemBefore(tx: Tx, chatId: string, position: number): Promise<boolean> {
  return (
    (await tx.item.findFirst({
      where: { chatId, position: { lt: position } },
      select: { id: true },
    })) !== null
  );
}

function byItem<Row extends { itemId: string }>(rows: Row[]): (itemId: string) => Row[] {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) grouped.set(row.itemId, [...(grouped.get(row.itemId) ?? []), row]);
  return (itemId) => grouped.get(itemId) ?? [];
}

/** Each kind of row is read after the other: a transaction's statements share one connection. */
export async function itemViews(tx: Tx, chatId: string, rows: ItemRow[]): Promise<ItemView[]> {
  const itemId = { in: rows.map((row) => row.id) };
  const selections = byItem(
    await tx.frameSelection.findMany({ where: { itemId }, orderBy: { attempt: "asc" } }),
  );
  const uiAnswers = byItem(await tx.uiAnswer.findMany({ where: { itemId } }));
  const mcpAppAnswers = byItem(await tx.mcpAppAnswer.findMany({ where: { itemId } }));
  const uiReadings = byItem(await tx.uiReading.findMany({ where: { itemId, frozen: true } }));
  // Confirmations are found through their chat's index, then narrowed to these items.
  const confirmations = byItem(
    await tx.actionConfirmation.findMany({
      where: { chatId, itemId },
      orderBy: { createdAt: "asc" },
    }),
  );
  const versions = byItem<VersionRow & { itemId: string }>(
    await tx.itemVersion.findMany({
      where: { itemId },
      orderBy: { version: "asc" },
      omit: { content: true },
    }),
  );
  return rows.toReversed().map((row) => {
    const answered = { uiAnswers: uiAnswers(row.id), uiReadings: uiReadings(row.id) };
    return toItemView(row, {
      ...itemExtras(
        {
          revision: row.revision,
          selections: selections(row.id),
          mcpAppAnswers: mcpAppAnswers(row.id),
          ...answered,
        },
        confirmations(row.id),
      ),
      versions: versions(row.id).map((version) => toReplyVersion(version, answered)),
    });
  });
}

/** Where each streaming item's streamed events start. */
export async function streamingSnapshots(tx: Tx, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  const rows = await tx.item.findMany({
    where: { id: { in: itemIds }, snapshotSeq: { not: null } },
    select: { id: true, snapshotSeq: true },
  });
  return rows.map((row) => ({ itemId: row.id, snapshotSeq: row.snapshotSeq! }));
}

export function itemSnapshot(tx: Tx, itemId: string) {
  return tx.item.findUniqueOrThrow({
    where: { id: itemId },
    select: { content: true, snapshotSeq: true },
  });
}

const editableRowSchema = z.object({
  role: z.enum(["user", "assistant"]),
  origin: z.unknown(),
  position: z.number().int(),
  queued: z.boolean(),
  answeredAfter: z.boolean(),
});

/**
 * One statement, under the chat lock: the message, whether anything waits in the queue, and whether
 * an item after it holds an answered part (a block answer of any version, a list pick, an MCP App
 * view's answer, a confirmation).
 */
export async function findEditable({ tx, chat }: ChatLock, itemId: string) {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT item."role"::text AS "role", item."origin", item."position",
      EXISTS (SELECT 1 FROM "QueuedMessage" queued WHERE queued."chatId" = item."chatId" AND queued."dispatchedAt" IS NULL) AS "queued",
      EXISTS (
        SELECT 1 FROM "Item" later WHERE later."chatId" = item."chatId" AND later."position" > item."position" AND (
          EXISTS (SELECT 1 FROM "UiAnswer" answer WHERE answer."itemId" = later."id")
          OR EXISTS (SELECT 1 FROM "McpAppAnswer" answer WHERE answer."itemId" = later."id")
          OR EXISTS (SELECT 1 FROM "FrameSelection" selection WHERE selection."itemId" = later."id")
          OR EXISTS (SELECT 1 FROM "ActionConfirmation" confirmation WHERE confirmation."chatId" = later."chatId" AND confirmation."itemId" = later."id")
          OR later."origin" IS NOT NULL)
      ) AS "answeredAfter"
    FROM "Item" item WHERE item."id" = ${itemId}::uuid AND item."chatId" = ${chat.id}::uuid AND item."parentToolUseId" IS NULL`;
  return rows.length === 0 ? null : editableRowSchema.parse(rows[0]);
}

/**
 * The stored parts of a finished item of a visitor's chat, in one statement; null when the chat is
 * not theirs, the item not in it, or the item still being written.
 */
export async function findFinishedItemParts({
  chatId,
  visitorId,
  itemId,
}: {
  chatId: string;
  /** The chat's owner; undefined for a share link's read, whose link found the chat. */
  visitorId: string | undefined;
  itemId: string;
}): Promise<unknown[] | null> {
  // From the chat, so another visitor's chat is refused as one that never was (`ownChat`).
  const rows = await db().$queryRaw<{ visitorId: string; parts: unknown }[]>`
    SELECT chat."visitorId", item."parts" FROM "Chat" chat
      LEFT JOIN "Item" item ON item."chatId" = chat."id" AND item."id" = ${itemId}::uuid
        AND item."status" <> 'streaming'
    WHERE chat."id" = ${chatId}::uuid`;
  const { parts } = ownChat(rows[0], visitorId);
  return Array.isArray(parts) ? parts : null;
}
