import "server-only";
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { notifyChat } from "./notify";
import {
  type ChatEvent,
  type ConfirmationView,
  type ItemView,
  type SelectionView,
  confirmationViewSchema,
  partSchema,
  readOrigin,
} from "./view";
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

/** Appends events to the chat's log; the caller holds the chat lock. Returns the last sequence number. */
export async function appendEvents(tx: Tx, chatId: string, events: ChatEvent[]): Promise<number> {
  const chat = await tx.chat.update({
    where: { id: chatId },
    data: { lastEventSeq: { increment: events.length } },
    select: { lastEventSeq: true },
  });
  const first = chat.lastEventSeq - events.length + 1;
  await tx.chatEvent.createMany({
    data: events.map((event, index) => ({ chatId, seq: first + index, type: event.type, data: event })),
  });
  await notifyChat(tx, chatId, chat.lastEventSeq);
  return chat.lastEventSeq;
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
  parts: unknown;
  origin: unknown;
  parentToolUseId: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

const storedPartsSchema = z.array(partSchema);

/** Turns a stored item into its page view; stored JSON is parsed, never trusted as typed. */
export function toItemView(row: ItemRow, extra: Pick<ItemView, "selections" | "confirmations"> = { selections: {}, confirmations: {} }): ItemView {
  return {
    id: row.id,
    position: row.position,
    role: row.role,
    status: row.status,
    parts: storedPartsSchema.parse(row.parts),
    origin: readOrigin(row.origin),
    parentToolUseId: row.parentToolUseId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    ...extra,
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
