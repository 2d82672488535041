import "server-only";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { applyChatEvent, type ChatEvent, chatEventSchema, type ChatView } from "../wire";

/**
 * The events a streaming reply writes between its snapshots. Its end deletes them: the
 * `item.completed` that follows carries the whole item (decision 015).
 */
export const STREAMED_EVENT_TYPES = ["item.delta", "item.part", "item.parts", "item.blocks"] as const;

type StreamedEvent = Extract<ChatEvent, { type: (typeof STREAMED_EVENT_TYPES)[number] }>;
type Snapshot = { itemId: string; snapshotSeq: number };

/** The item's streamed events after `after`, in log order. Stored JSON is parsed, never trusted. */
async function streamedEventsAfter(tx: Tx, chatId: string, { itemId, snapshotSeq }: Snapshot) {
  const rows = await tx.chatEvent.findMany({
    where: { chatId, seq: { gt: snapshotSeq }, type: { in: [...STREAMED_EVENT_TYPES] } },
    orderBy: { seq: "asc" },
    select: { seq: true, data: true, contentTail: true },
  });
  return rows.flatMap((row) => {
    const event = chatEventSchema.parse(row.data);
    return isStreamed(event) && event.itemId === itemId ? [{ seq: row.seq, event, contentTail: row.contentTail }] : [];
  });
}

function isStreamed(event: ChatEvent): event is StreamedEvent {
  return (STREAMED_EVENT_TYPES as readonly string[]).includes(event.type);
}

/**
 * A chat with its streaming replies brought up to its `lastEventSeq`: each reply's stored snapshot
 * with the events written after it folded in by `applyChatEvent`, the reducer every page runs on
 * the stream, so a page drawn now holds exactly what a page that followed the stream holds.
 */
export async function foldStreamedEvents(tx: Tx, chat: ChatView, snapshots: readonly Snapshot[]): Promise<ChatView> {
  let folded = chat;
  for (const snapshot of snapshots) {
    // The streamed events only change their own item, so the chat is folded as of the snapshot.
    let atSnapshot: ChatView = { ...folded, lastEventSeq: snapshot.snapshotSeq };
    for (const { seq, event } of await streamedEventsAfter(tx, chat.id, snapshot)) atSnapshot = applyChatEvent(atSnapshot, event, seq);
    folded = { ...atSnapshot, lastEventSeq: chat.lastEventSeq };
  }
  return folded;
}

/**
 * A streaming reply's raw content as its writes left it: the snapshot, then the text each later
 * write added. Recovery ends the reply with this, so it keeps all a viewer saw.
 */
export async function storedReplyContent(tx: Tx, { chatId, itemId }: { chatId: string; itemId: string }): Promise<string> {
  const { content, snapshotSeq } = await tx.item.findUniqueOrThrow({ where: { id: itemId }, select: { content: true, snapshotSeq: true } });
  if (snapshotSeq === null) return content;
  const later = await streamedEventsAfter(tx, chatId, { itemId, snapshotSeq });
  return content + later.map((row) => row.contentTail ?? "").join("");
}

/**
 * A common table expression `compacted` deleting the events the turn's reply streamed, for the
 * statement that stores the reply whole; the caller holds the chat lock and appends the reply's
 * `item.completed` in the same transaction. Sequence numbers are never reused, so a page resuming
 * inside the deleted range reads on from the next event that remains.
 */
export function compactStreamedEvents({ chatId, turnId, itemId }: { chatId: string; turnId: string; itemId: string }): Prisma.Sql {
  return Prisma.sql`compacted AS (
      DELETE FROM "ChatEvent"
      WHERE "chatId" = ${chatId}::uuid AND "seq" > (SELECT "replyFromSeq" FROM "Turn" WHERE "id" = ${turnId}::uuid)
        AND "type" IN (${Prisma.join([...STREAMED_EVENT_TYPES])}) AND "data"->>'itemId' = ${itemId}
    )`;
}
