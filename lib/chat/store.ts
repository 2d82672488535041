import "server-only";
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { CHAT_EVENTS_CHANNEL } from "./notify";
import { drawReply } from "./reply";
import {
  type ChatEvent,
  type ConfirmationView,
  type ItemView,
  type SelectionView,
  type UiAnswerView,
  confirmationViewSchema,
  partSchema,
  readOrigin,
  storedBlocksSchema,
  uiAnswerViewSchema,
} from "./wire";
import { z } from "zod";

type LockedChat = { id: string; visitorId: string; activeTurnId: string | null };

/**
 * Locks the chat row for the rest of the transaction. Every write to a chat's items, turns, queue
 * and event log takes this lock first, so those writes are serial per chat and commit in order.
 * A chat of another visitor is not found, exactly like a chat that does not exist.
 */
export async function lockChat(tx: Tx, { chatId, visitorId }: { chatId: string; visitorId?: string }): Promise<LockedChat> {
  const rows = await tx.$queryRaw<LockedChat[]>`
    SELECT "id", "visitorId", "activeTurnId" FROM "Chat" WHERE "id" = ${chatId}::uuid FOR UPDATE`;
  const chat = rows[0];
  if (!chat || (visitorId !== undefined && chat.visitorId !== visitorId)) {
    throw new AppError("chat-not-found", "This chat does not exist.");
  }
  return chat;
}

/**
 * Appends events to the chat's log; the caller holds the chat lock. One statement takes the next
 * sequence numbers, inserts the events and sends the wake-up notice (delivered on commit).
 * Returns the last sequence number.
 */
export async function appendEvents(tx: Tx, chatId: string, events: ChatEvent[]): Promise<number> {
  const count = events.length;
  const [row] = await tx.$queryRaw<{ lastEventSeq: number }[]>`
    WITH seq AS (
      UPDATE "Chat" SET "lastEventSeq" = "lastEventSeq" + ${count}, "updatedAt" = now()
      WHERE "id" = ${chatId}::uuid RETURNING "lastEventSeq"
    ), inserted AS (
      INSERT INTO "ChatEvent" ("chatId", "seq", "type", "data")
      SELECT ${chatId}::uuid, seq."lastEventSeq" - ${count} + event.ordinality::int, event.value->>'type', event.value
      FROM seq, jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS event(value, ordinality)
    )
    SELECT "lastEventSeq" FROM seq, LATERAL (SELECT pg_notify(${CHAT_EVENTS_CHANNEL}, ${chatId} || ':' || "lastEventSeq")) AS notice`;
  if (!row) throw new AppError("chat-not-found", "This chat does not exist.");
  return row.lastEventSeq;
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
  revision: number;
  origin: unknown;
  parentToolUseId: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

type ItemExtras = Pick<ItemView, "selections" | "confirmations" | "uiAnswers">;
const NO_EXTRAS: ItemExtras = { selections: {}, confirmations: {}, uiAnswers: {} };

const storedPartsSchema = z.array(partSchema);

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
    revision: row.revision,
    origin: readOrigin(row.origin),
    parentToolUseId: row.parentToolUseId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    ...extras,
  };
}

/** An item with its answers, selections and confirmations, as an event that replaces it carries them. */
export async function loadItemView(tx: Tx, itemId: string): Promise<ItemView> {
  const item = await tx.item.findUniqueOrThrow({ where: { id: itemId }, include: { selections: { orderBy: { attempt: "asc" } }, uiAnswers: true } });
  const confirmations = await tx.actionConfirmation.findMany({ where: { itemId }, orderBy: { createdAt: "asc" } });
  return toItemView(item, itemExtras(item, confirmations));
}

type ExtrasSource = {
  revision: number;
  selections: Parameters<typeof toSelectionView>[0][];
  uiAnswers: Parameters<typeof toUiAnswerView>[0][];
};

/** The answered state of an item: answers of its current revision only, selections, confirmations. */
export function itemExtras(item: ExtrasSource, confirmations: Parameters<typeof toConfirmationView>[0][]): ItemExtras {
  return {
    // Attempts come in order, so a list's latest pick is the one that stands.
    selections: Object.fromEntries(item.selections.map((row) => [row.instanceId, toSelectionView(row)])),
    confirmations: Object.fromEntries(confirmations.map((row) => [row.token, toConfirmationView(row)])),
    uiAnswers: Object.fromEntries(item.uiAnswers.filter((row) => row.revision === item.revision).map((row) => [row.blockId, toUiAnswerView(row)])),
  };
}

export function toUiAnswerView(row: {
  itemId: string;
  blockId: string;
  revision: number;
  choiceId: string;
  label: string;
  values: unknown;
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
