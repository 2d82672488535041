import "server-only";
import { db, type Tx } from "@/lib/db/client";
import { type ChatEvent, chatEventSchema } from "../wire";

// ChatEvent reads; appends are log.ts's.

/**
 * The events a streaming reply writes between snapshots; its end deletes them (decision 015). An
 * earlier version's `item.blocks` is still deleted with them, and folds to nothing (decision 025).
 */
export const STREAMED_EVENT_TYPES = [
  "item.delta",
  "item.part",
  "item.parts",
  "item.fence",
  "item.blocks",
] as const;

type StreamedEvent = Extract<ChatEvent, { type: (typeof STREAMED_EVENT_TYPES)[number] }>;
export type Snapshot = { itemId: string; snapshotSeq: number };

/** Stored JSON as it is: the stream sends it on. */
export function readEventPage(chatId: string, after: number, take: number) {
  return db().chatEvent.findMany({
    where: { chatId, seq: { gt: after } },
    orderBy: { seq: "asc" },
    take,
    select: { seq: true, data: true },
  });
}

export async function streamedEventsAfter(
  tx: Tx,
  chatId: string,
  { itemId, snapshotSeq }: Snapshot,
) {
  const rows = await tx.chatEvent.findMany({
    where: { chatId, seq: { gt: snapshotSeq }, type: { in: [...STREAMED_EVENT_TYPES] } },
    orderBy: { seq: "asc" },
    select: { seq: true, data: true, contentTail: true },
  });
  return rows.flatMap((row) => {
    const event = chatEventSchema.parse(row.data);
    return isStreamed(event) && event.itemId === itemId
      ? [{ seq: row.seq, event, contentTail: row.contentTail }]
      : [];
  });
}

function isStreamed(event: ChatEvent): event is StreamedEvent {
  return (STREAMED_EVENT_TYPES as readonly string[]).includes(event.type);
}
