import "server-only";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";
import { CHAT_EVENTS_CHANNEL } from "./stream/notify";
import { toReadingView } from "./readings/index";
import { drawReply } from "./reply/draw";
import {
  type ChatEvent,
  type ConfirmationView,
  type ItemView,
  type SelectionView,
  type UiAnswerView,
  confirmationViewSchema,
  itemViewSchema,
  partSchema,
  readOrigin,
  storedBlocksSchema,
  uiAnswerViewSchema,
} from "./wire";
import { z } from "zod";

type LockedChat = { id: string; visitorId: string; activeTurnId: string | null; lastEventSeq: number; lastPosition: number };

/**
 * Locks the chat row for the rest of the transaction. Every write to a chat's items, turns, queue
 * and event log takes this lock first, so those writes are serial per chat and commit in order.
 * A chat of another visitor is not found, exactly like a chat that does not exist.
 */
export function lockChat(tx: Tx, chat: { chatId: string; visitorId?: string }): Promise<LockedChat> {
  return chatRow(tx, chat, Prisma.sql`FOR UPDATE`);
}

/**
 * The chat row as `lockChat` reads it, without the lock: what a write that changes the chat only
 * if its log has not moved since (`appendUnmoved`) decides from.
 */
export function readChat(client: Pick<Tx, "$queryRaw">, chat: { chatId: string; visitorId?: string }): Promise<LockedChat> {
  return chatRow(client, chat, Prisma.empty);
}

async function chatRow(client: Pick<Tx, "$queryRaw">, { chatId, visitorId }: { chatId: string; visitorId?: string }, lock: Prisma.Sql): Promise<LockedChat> {
  const rows = await client.$queryRaw<LockedChat[]>`
    SELECT "id", "visitorId", "activeTurnId", "lastEventSeq", "lastPosition" FROM "Chat" WHERE "id" = ${chatId}::uuid ${lock}`;
  const chat = rows[0];
  if (!chat || (visitorId !== undefined && chat.visitorId !== visitorId)) {
    throw new AppError("chat-not-found", "This chat does not exist.");
  }
  return chat;
}

/**
 * A common table expression `chat` that locks the chat row as `lockChat` does (the visitor's, when
 * one is named), for a statement that reads what the lock guards in the same round trip (no row:
 * not found). Postgres reads a statement as of its start, so one that waited for the lock has not
 * seen what the holder committed, although it locks the newest row. Every change to what a chat
 * shows appends to its event log, which updates that row, so `chat."stale"` is true exactly when
 * the statement waited past such a change: `readUnderLock` then reads again. The row's own columns
 * are the newest: the lock reads them after the wait.
 */
export function chatLock({ chatId, visitorId }: { chatId: string; visitorId?: string }): Prisma.Sql {
  const owner = visitorId === undefined ? Prisma.empty : Prisma.sql` AND "visitorId" = ${visitorId}::uuid`;
  return Prisma.sql`locked AS (
      SELECT "id", "visitorId", "activeTurnId", "lastEventSeq", "lastPosition", xmin::text AS "version"
      FROM "Chat" WHERE "id" = ${chatId}::uuid${owner} FOR UPDATE
    ), chat AS (
      SELECT locked."id", locked."visitorId", locked."activeTurnId", locked."lastEventSeq", locked."lastPosition",
        locked."version" IS DISTINCT FROM (SELECT xmin::text FROM "Chat" WHERE "id" = locked."id") AS "stale"
      FROM locked
    )`;
}

/** Runs a statement built on `chatLock`, and once more when it read from before the lock. */
export async function readUnderLock<Row extends { stale: boolean }>(read: () => Promise<Row[]>): Promise<Row[]> {
  const rows = await read();
  // The second statement starts with the lock held: nothing written to the chat is missing from it.
  return rows[0]?.stale ? read() : rows;
}

/** A timestamp column read through JSON (`to_jsonb(row)`): it holds UTC without a zone. */
export const storedTimestamp = z.iso.datetime({ local: true }).transform((text) => new Date(`${text}Z`));

/**
 * Appends events to the chat's log; the caller holds the chat lock. One statement takes the next
 * sequence numbers, inserts the events and sends the wake-up notice (delivered on commit), and
 * runs `writes` with them: common table expressions (`name AS (INSERT …)`) storing what the
 * events announce, so a row and its events cost one round trip. They follow the append, so a
 * write may select from its `seq` to run only if the append does. Returns the last sequence number.
 */
export async function appendEvents(tx: Tx, chatId: string, events: ChatEvent[], writes: Prisma.Sql[] = [], options?: AppendOptions): Promise<number> {
  const [row] = await tx.$queryRaw<{ lastEventSeq: number }[]>`
    WITH ${Prisma.join([eventAppend(chatId, events, options), ...writes], ", ")}
    SELECT seq."lastEventSeq" FROM seq, notice`;
  if (!row) throw new AppError("chat-not-found", "This chat does not exist.");
  return row.lastEventSeq;
}

/**
 * `appendEvents` without the chat lock or a transaction, in one statement that writes only if
 * the chat's log still ends at `seen`, where the caller's read of the chat saw it: every change
 * to a chat appends to its log under the chat's row lock, so an unmoved log means that read
 * still holds. Each of `writes` must select from `seq`, so that nothing is written when the log
 * moved. Returns whether it wrote; a caller that gets false reads the chat again and decides anew.
 */
export async function appendUnmoved(client: Pick<Tx, "$queryRaw">, chatId: string, seen: number, events: readonly ChatEvent[], writes: readonly Prisma.Sql[], options: Omit<AppendOptions, "when"> = {}): Promise<boolean> {
  const [row] = await client.$queryRaw<{ written: number }[]>`
    WITH ${Prisma.join([eventAppend(chatId, events, { ...options, when: Prisma.sql`"lastEventSeq" = ${seen}` }), ...writes], ", ")}
    SELECT (SELECT count(*) FROM notice)::int AS "written"`;
  return row?.written === 1;
}

type AppendOptions = {
  /** Guards the append on an earlier expression of the statement. */
  when?: Prisma.Sql;
  /**
   * Whether the append counts as activity in the chat list (`updatedAt`). A streaming reply's
   * writes do not: leaving the indexed column alone keeps their update of the chat row in place
   * (a HOT update), with no new index entries for every delta.
   */
  touch?: boolean;
  /** Stored with the last event, never streamed: the text a reply's write added to its raw content. */
  contentTail?: string | null;
  /**
   * What the statement also changes on the chat row, decided under the lock: the position of an
   * item it inserts (the chat's last one now), or the turn that runs now (null: none).
   */
  chat?: { lastPosition?: number; activeTurnId?: string | null };
};

/**
 * The common table expressions that append events to a chat's log (`seq`, `inserted`, `notice`),
 * for statements that write something else in the same round trip. The row lock of the chat's
 * UPDATE orders appends by commit. The main query must read `notice`: a SELECT in WITH runs only
 * when something reads it.
 */
export function eventAppend(chatId: string, events: readonly ChatEvent[], { when = Prisma.sql`TRUE`, touch = true, contentTail = null, chat = {} }: AppendOptions = {}): Prisma.Sql {
  const count = events.length;
  const position = chat.lastPosition === undefined ? Prisma.empty : Prisma.sql`, "lastPosition" = ${chat.lastPosition}`;
  const turn = chat.activeTurnId === undefined ? Prisma.empty : Prisma.sql`, "activeTurnId" = ${chat.activeTurnId}::uuid`;
  return Prisma.sql`seq AS (
      UPDATE "Chat" SET "lastEventSeq" = "lastEventSeq" + ${count}, "updatedAt" = CASE WHEN ${touch} THEN now() ELSE "updatedAt" END${position}${turn}
      WHERE "id" = ${chatId}::uuid AND ${when} RETURNING "lastEventSeq"
    ), inserted AS (
      INSERT INTO "ChatEvent" ("chatId", "seq", "type", "data", "contentTail")
      SELECT ${chatId}::uuid, seq."lastEventSeq" - ${count} + event.ordinality::int, event.value->>'type', event.value,
        CASE WHEN event.ordinality = ${count} THEN ${contentTail}::text END
      FROM seq, jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS event(value, ordinality)
    ), notice AS (
      SELECT pg_notify(${CHAT_EVENTS_CHANNEL}, ${chatId} || ':' || "lastEventSeq") FROM seq
    )`;
}

/** Takes the next position in the chat's item list; the caller holds the chat lock. */
export async function nextPosition(tx: Tx, chatId: string): Promise<number> {
  const chat = await tx.chat.update({ where: { id: chatId }, data: { lastPosition: { increment: 1 } }, select: { lastPosition: true } });
  return chat.lastPosition;
}

type ItemRow = {
  id: string;
  position: number;
  role: "user" | "assistant";
  status: ItemView["status"];
  content: string;
  parts: unknown;
  blocks: unknown;
  /** Absent where the row was made in memory: a reply's links are stored when it becomes final. */
  links?: unknown;
  revision: number;
  origin: unknown;
  parentToolUseId: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

type ItemExtras = Pick<ItemView, "selections" | "confirmations" | "uiAnswers" | "readings">;
const NO_EXTRAS: ItemExtras = { selections: {}, confirmations: {}, uiAnswers: {}, readings: {} };

const storedPartsSchema = z.array(partSchema);
const storedLinksSchema = itemViewSchema.shape.links;

/**
 * Turns a stored item into its page view; stored JSON is parsed, never trusted as typed. A reply
 * still streaming has no stored blocks: its view carries previews compiled from what it holds.
 */
export function toItemView(row: ItemRow, extras: ItemExtras = NO_EXTRAS): ItemView {
  const blocks = row.status === "streaming" ? drawReply(row.content, { itemId: row.id, final: false }).blocks : storedBlocksSchema.parse(row.blocks ?? []);
  return {
    id: row.id,
    position: row.position,
    role: row.role,
    status: row.status,
    parts: storedPartsSchema.parse(row.parts),
    blocks: Object.fromEntries(blocks.map((block) => [block.id, block])),
    // A reply streaming again (regenerated) draws previews: its old links belong to the last revision.
    links: row.status === "streaming" ? {} : storedLinksSchema.parse(row.links ?? {}),
    revision: row.revision,
    origin: readOrigin(row.origin),
    parentToolUseId: row.parentToolUseId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    ...extras,
  };
}

// The rows an item's view draws its answered state from, as `loadItemView` reads them through JSON.
const selectionRowSchema = z.object({ instanceId: z.string(), choiceId: z.string(), label: z.string(), at: storedTimestamp, queued: z.boolean(), confirmationToken: z.string().nullable() });
const answerRowSchema = z.object({
  itemId: z.string(), blockId: z.string(), revision: z.number().int(), choiceId: z.string(), label: z.string(), values: z.unknown(), readings: z.unknown(),
  sourceAt: storedTimestamp, older: z.boolean(), at: storedTimestamp, queued: z.boolean(), turnId: z.string().nullable(),
});
const readingRowSchema = z.object({
  id: z.string(), blockId: z.string(), revision: z.number().int(), query: z.string(), state: z.enum(["pending", "fresh", "failed", "refused"]),
  args: z.unknown(), value: z.unknown(), reason: z.unknown(), frozen: z.boolean(), readAt: storedTimestamp,
});
const confirmationRowSchema = z.object({
  token: z.string(), instanceId: z.string(), action: z.string(), input: z.unknown(), toolCallId: z.string(),
  status: confirmationViewSchema.shape.status, expiresAt: storedTimestamp, outcome: z.unknown(),
});
const extrasRowSchema = z.object({
  selections: z.array(selectionRowSchema),
  uiAnswers: z.array(answerRowSchema),
  uiReadings: z.array(readingRowSchema),
  confirmations: z.array(confirmationRowSchema),
});

/**
 * An item with its answers, selections and confirmations, as an event that replaces it carries
 * them: one statement reads the item and its answered state, each kind of row as a JSON array.
 */
export async function loadItemView(tx: Tx, itemId: string): Promise<ItemView> {
  const [row] = await tx.$queryRaw<(ItemRow & z.input<typeof extrasRowSchema>)[]>`
    SELECT item."id", item."position", item."role"::text AS "role", item."status"::text AS "status", item."content", item."parts", item."blocks", item."links",
      item."revision", item."origin", item."parentToolUseId", item."createdAt", item."completedAt",
      COALESCE((SELECT jsonb_agg(to_jsonb(selection) ORDER BY selection."attempt") FROM "FrameSelection" selection WHERE selection."itemId" = item."id"), '[]') AS "selections",
      COALESCE((SELECT jsonb_agg(to_jsonb(answer)) FROM "UiAnswer" answer WHERE answer."itemId" = item."id"), '[]') AS "uiAnswers",
      COALESCE((SELECT jsonb_agg(to_jsonb(reading)) FROM "UiReading" reading WHERE reading."itemId" = item."id" AND reading."frozen"), '[]') AS "uiReadings",
      COALESCE((SELECT jsonb_agg(to_jsonb(confirmation) ORDER BY confirmation."createdAt") FROM "ActionConfirmation" confirmation WHERE confirmation."itemId" = item."id"), '[]') AS "confirmations"
    FROM "Item" item WHERE item."id" = ${itemId}::uuid`;
  if (!row) throw new AppError("item-not-found", "This message does not exist.");
  const { confirmations, ...extras } = extrasRowSchema.parse(row);
  return toItemView(row, itemExtras({ revision: row.revision, ...extras }, confirmations));
}

type ExtrasSource = {
  revision: number;
  selections: Parameters<typeof toSelectionView>[0][];
  uiAnswers: Parameters<typeof toUiAnswerView>[0][];
  uiReadings: (Parameters<typeof toReadingView>[0] & { blockId: string; revision: number })[];
};

/** The answered state of an item: answers of its current revision only, selections, confirmations. */
export function itemExtras(item: ExtrasSource, confirmations: Parameters<typeof toConfirmationView>[0][]): ItemExtras {
  return {
    // Attempts come in order, so a list's latest pick is the one that stands.
    selections: Object.fromEntries(item.selections.map((row) => [row.instanceId, toSelectionView(row)])),
    confirmations: Object.fromEntries(confirmations.map((row) => [row.token, toConfirmationView(row)])),
    uiAnswers: Object.fromEntries(item.uiAnswers.filter((row) => row.revision === item.revision).map((row) => [row.blockId, toUiAnswerView(row)])),
    readings: frozenReadings(item.uiReadings.filter((row) => row.revision === item.revision)),
  };
}

function frozenReadings(rows: ExtrasSource["uiReadings"]): ItemView["readings"] {
  const byBlock: ItemView["readings"] = {};
  for (const row of rows) byBlock[row.blockId] = { ...byBlock[row.blockId], [row.query]: toReadingView(row) };
  return byBlock;
}

export function toUiAnswerView(row: {
  itemId: string;
  blockId: string;
  revision: number;
  choiceId: string;
  label: string;
  values: unknown;
  readings: unknown;
  sourceAt: Date;
  older: boolean;
  at: Date;
  queued: boolean;
  turnId: string | null;
}): UiAnswerView {
  return {
    itemId: row.itemId,
    blockId: row.blockId,
    revision: row.revision,
    choiceId: row.choiceId,
    label: row.label,
    values: uiAnswerViewSchema.shape.values.parse(row.values),
    readings: uiAnswerViewSchema.shape.readings.parse(row.readings ?? {}),
    sourceAt: row.sourceAt.toISOString(),
    older: row.older,
    at: row.at.toISOString(),
    queued: row.queued,
    turnId: row.turnId,
  };
}

export function toSelectionView(row: {
  instanceId: string;
  choiceId: string;
  label: string;
  at: Date;
  queued: boolean;
  confirmationToken: string | null;
}): SelectionView {
  return {
    instanceId: row.instanceId,
    choiceId: row.choiceId,
    label: row.label,
    at: row.at.toISOString(),
    queued: row.queued,
    confirmationToken: row.confirmationToken,
  };
}

export function toConfirmationView(row: {
  token: string;
  instanceId: string;
  action: string;
  input: unknown;
  toolCallId: string;
  status: ConfirmationView["status"];
  expiresAt: Date;
  outcome: unknown;
}): ConfirmationView {
  return {
    token: row.token,
    instanceId: row.instanceId,
    action: row.action,
    input: confirmationViewSchema.shape.input.parse(row.input),
    toolCallId: row.toolCallId,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    outcome: confirmationViewSchema.shape.outcome.parse(row.outcome ?? null),
  };
}
