import "server-only";
import { readEarlierItems, readRecentItems } from "./item-pages";
import { chatTransaction, findOwnChat, type Tx } from "../store/chats";
import { streamingSnapshots } from "../store/items";
import { queuedViews } from "../store/queue";
import { foldStreamedEvents } from "../turns/snapshots";
import type { ChatView, EarlierItems } from "../wire";

type ViewedChat = { id: string; title: string; activeTurnId: string | null; lastEventSeq: number };

/** Repeatable read: the items, the queue and the sequence number describe one moment of the log. */
export function atOneMoment<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return chatTransaction(work, { isolationLevel: "RepeatableRead" });
}

/** Latest items (back to `from`), the queue and `lastEventSeq`; the caller recovers first (`recoverChats`). */
export async function loadChatView({
  visitorId,
  chatId,
  from,
}: {
  visitorId: string;
  chatId: string;
  from?: number;
}): Promise<ChatView> {
  return atOneMoment(async (tx) =>
    readChatView(tx, await findOwnChat(tx, { visitorId, chatId }), from),
  );
}

/** The view of a chat already found in `tx`, whoever found it (its owner, or a share link). */
export async function readChatView(tx: Tx, chat: ViewedChat, from?: number): Promise<ChatView> {
  const { items, hasEarlier } = await readRecentItems(tx, { chatId: chat.id, from });
  const view = {
    id: chat.id,
    title: chat.title,
    items,
    hasEarlier,
    queued: await queuedViews(tx, chat.id),
    running: chat.activeTurnId !== null,
    lastEventSeq: chat.lastEventSeq,
  };
  // A streaming reply's row is a snapshot: what it streamed since is folded in.
  const streaming = items.filter((item) => item.status === "streaming").map((item) => item.id);
  return foldStreamedEvents(tx, view, await streamingSnapshots(tx, streaming));
}

/** The items just before `before`, as of one moment of the log; the caller recovers first. */
export async function loadEarlierItems({
  visitorId,
  chatId,
  before,
}: {
  visitorId: string;
  chatId: string;
  before: number;
}): Promise<EarlierItems> {
  return atOneMoment(async (tx) =>
    readEarlierView(tx, await findOwnChat(tx, { visitorId, chatId }), before),
  );
}

export async function readEarlierView(
  tx: Tx,
  chat: ViewedChat,
  before: number,
): Promise<EarlierItems> {
  return {
    ...(await readEarlierItems(tx, { chatId: chat.id, before })),
    lastEventSeq: chat.lastEventSeq,
  };
}
