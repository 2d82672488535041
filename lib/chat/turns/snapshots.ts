import "server-only";
import type { Tx } from "../store/chats";
import { type Snapshot, streamedEventsAfter } from "../store/events";
import { itemSnapshot } from "../store/items";
import { applyChatEvent, type ChatView } from "../wire";

/** Folded with `applyChatEvent`, the pages' reducer, so a page drawn now matches one that streamed. */
export async function foldStreamedEvents(
  tx: Tx,
  chat: ChatView,
  snapshots: readonly Snapshot[],
): Promise<ChatView> {
  let folded = chat;
  for (const snapshot of snapshots) {
    // Streamed events change only their own item, so the chat is folded as of the snapshot.
    let atSnapshot: ChatView = { ...folded, lastEventSeq: snapshot.snapshotSeq };
    for (const { seq, event } of await streamedEventsAfter(tx, chat.id, snapshot))
      atSnapshot = applyChatEvent(atSnapshot, event, seq);
    folded = { ...atSnapshot, lastEventSeq: chat.lastEventSeq };
  }
  return folded;
}

/** The snapshot, then the text each later write added: recovery ends the reply with all a viewer saw. */
export async function storedReplyContent(
  tx: Tx,
  { chatId, itemId }: { chatId: string; itemId: string },
): Promise<string> {
  const { content, snapshotSeq } = await itemSnapshot(tx, itemId);
  if (snapshotSeq === null) return content;
  const later = await streamedEventsAfter(tx, chatId, { itemId, snapshotSeq });
  return content + later.map((row) => row.contentTail ?? "").join("");
}
