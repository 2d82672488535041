import "server-only";
import { appConfig, type RateLimit } from "@/lib/config";
import { AppError } from "@/lib/http/errors";
import { countNewVisitor } from "../store/requests";
import { readEarlierItems, readRecentItems } from "./item-pages";
import {
  chatTransaction,
  countChats,
  findOwnChat,
  holdVisitor,
  insertChat,
  lockChat,
  readChat,
  recentChats,
  type Tx,
} from "../store/chats";
import { streamingSnapshots } from "../store/items";
import { writeChat, writeIfLogUnchanged } from "../store/log";
import { queuedViews } from "../store/queue";
import { sendOrQueue, turnStart } from "../store/turns";
import { foldStreamedEvents } from "../turns/snapshots";
import type { ChatListEntry, ChatView, EarlierItems } from "../wire";

// Cut by code points: a cut through a surrogate pair would leave text Postgres cannot store.
function titleFrom(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  const characters = Array.from(line);
  return characters.length > 60 ? `${characters.slice(0, 57).join("")}…` : line || "New chat";
}

type NewChat = {
  visitorId: string;
  message?: string;
  maxChats?: number;
  /** The client's network address, where the platform names it: a new visitor counts against it. */
  address?: string | null;
  newVisitorLimit?: RateLimit;
};

/** Past `maxChats`: `too-many-chats`; a first chat also counts against the address (`rate-limited`). */
export async function createChat({
  visitorId,
  message,
  maxChats = appConfig().maxChatsPerVisitor,
  address = null,
  newVisitorLimit,
}: NewChat) {
  return chatTransaction(async (tx) => {
    if (await holdVisitor(tx, visitorId))
      await countNewVisitor(tx, { address, limit: newVisitorLimit });
    if ((await countChats(tx, visitorId)) >= maxChats) {
      throw new AppError(
        "too-many-chats",
        `You have ${maxChats} chats, the most one visitor can keep.`,
      );
    }
    const lock = await insertChat(tx, {
      visitorId,
      title: message ? titleFrom(message) : "New chat",
    });
    if (!message) return { chatId: lock.chat.id, status: null };
    const sent = turnStart(lock.chat, { text: message });
    await writeChat(lock, sent);
    return { chatId: lock.chat.id, status: sent.status };
  });
}

export async function listChats({ visitorId }: { visitorId: string }): Promise<ChatListEntry[]> {
  const chats = await recentChats(visitorId, 50);
  return chats.map((chat) => ({
    id: chat.id,
    title: chat.title,
    updatedAt: chat.updatedAt.toISOString(),
    replying: chat.activeTurnId !== null,
  }));
}

/** Idle: written without a transaction if the log has not moved; busy: queued under the lock. */
export async function sendMessage({
  visitorId,
  chatId,
  text,
}: {
  visitorId: string;
  chatId: string;
  text: string;
}) {
  for (;;) {
    const chat = await readChat({ chatId, visitorId });
    if (chat.activeTurnId) break;
    const sent = turnStart(chat, { text });
    if (await writeIfLogUnchanged(chatId, chat.lastEventSeq, sent)) return sent;
  }
  return chatTransaction(async (tx) => {
    const lock = await lockChat(tx, { chatId, visitorId });
    const sent = await sendOrQueue(lock, { text });
    await writeChat(lock, sent);
    return sent;
  });
}

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
