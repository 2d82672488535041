import "server-only";
import type { Tx } from "../store/chats";
import { type Snapshot, streamedEventsAfter } from "../store/events";
import { itemSnapshot } from "../store/items";
import { applyChatEvent, type ChatView } from "../wire";

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
  const { content, snapshotSeq } = await itemSnapshot(tx, itemId);
  if (snapshotSeq === null) return content;
  const later = await streamedEventsAfter(tx, chatId, { itemId, snapshotSeq });
  return content + later.map((row) => row.contentTail ?? "").join("");
}
