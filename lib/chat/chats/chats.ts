import "server-only";
import { appConfig, type RateLimit } from "@/lib/config";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { countNewVisitor } from "@/lib/http/rate-limit";
import { readEarlierItems, readRecentItems } from "./item-pages";
import { appendEvents, appendUnmoved, lockChat, readChat } from "../store";
import { foldStreamedEvents } from "../turns/snapshots";
import { queuedViews, sendNow, sendOrQueue } from "../turns/start";
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

/**
 * Creates a chat for the visitor, optionally with its first message (which starts a turn). A
 * visitor keeps at most `maxChats` chats; past that, `too-many-chats` and nothing is written. A
 * visitor's first chat also counts against its network address (`rate-limited` past the limit).
 */
export async function createChat({ visitorId, message, maxChats = appConfig().maxChatsPerVisitor, address = null, newVisitorLimit }: NewChat) {
  return db().$transaction(async (tx) => {
    // The upsert creates the visitor or locks its row: one visitor's creations take turns, so the
    // count below is exact however many race (a new visitor's first requests wait for the winner).
    const [visitor] = await tx.$queryRaw<{ created: boolean }[]>`
      INSERT INTO "Visitor" ("id") VALUES (${visitorId}::uuid) ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id"
      RETURNING xmax = 0 AS "created"`;
    if (visitor?.created) await countNewVisitor(tx, { address, limit: newVisitorLimit });
    if ((await tx.chat.count({ where: { visitorId } })) >= maxChats) {
      throw new AppError("too-many-chats", `You have ${maxChats} chats, the most one visitor can keep.`);
    }
    const chat = await tx.chat.create({ data: { visitorId, title: message ? titleFrom(message) : "New chat" } });
    if (!message) return { chatId: chat.id, status: null };
    // A chat this transaction created is seen by no other until it commits: it needs no lock.
    const sent = await sendOrQueue(tx, chat, { text: message });
    await appendEvents(tx, chat.id, sent.events, sent.writes, { chat: sent.chat });
    return { chatId: chat.id, status: sent.status };
  });
}

/** The visitor's chats, most recently active first, as the chat list draws them. */
export async function listChats({ visitorId }: { visitorId: string }): Promise<ChatListEntry[]> {
  const chats = await db().chat.findMany({
    where: { visitorId },
    orderBy: { updatedAt: "desc" },
    take: 50,
    select: { id: true, title: true, updatedAt: true, activeTurnId: true },
  });
  return chats.map((chat) => ({ id: chat.id, title: chat.title, updatedAt: chat.updatedAt.toISOString(), replying: chat.activeTurnId !== null }));
}

/**
 * A person's message: sent at once, or queued behind the turn that is running. An idle chat takes
 * the message and its turn in two statements and no transaction: a read, then a write that runs
 * only if the chat's log has not moved since (`appendUnmoved`); a moved one reads again. A queued
 * message is counted against the queue's limit under the chat's lock.
 */
export async function sendMessage({ visitorId, chatId, text }: { visitorId: string; chatId: string; text: string }) {
  for (;;) {
    const chat = await readChat(db(), { chatId, visitorId });
    if (chat.activeTurnId) break;
    // An idle chat: the message and its turn in one statement, if nothing moved the chat since.
    const sent = sendNow(chat, { text });
    if (await appendUnmoved(db(), chatId, chat.lastEventSeq, sent.events, sent.writes, { chat: sent.chat })) return sent;
  }
  // A turn runs: the message waits behind it, counted against the queue's limit under the lock.
  return db().$transaction(async (tx) => {
    const chat = await lockChat(tx, { chatId, visitorId });
    const sent = await sendOrQueue(tx, chat, { text });
    await appendEvents(tx, chatId, sent.events, sent.writes, { chat: sent.chat });
    return sent;
  });
}

/**
 * The chat as its page first draws it: its latest items (from position `from` when the reader
 * already holds items from there), its queue, and where streaming continues (`lastEventSeq`).
 * A reader heals the chat first (`healChats`), as every route that reads one does.
 */
export async function loadChatView({ visitorId, chatId, from }: { visitorId: string; chatId: string; from?: number }): Promise<ChatView> {
  // Repeatable read: the items, the queue and the sequence number describe one moment of the log.
  return db().$transaction(
    async (tx) => {
      const chat = await findOwnChat(tx, { visitorId, chatId });
      const { items, hasEarlier } = await readRecentItems(tx, { chatId, from });
      const view = {
        id: chat.id,
        title: chat.title,
        items,
        hasEarlier,
        queued: await queuedViews(tx, chatId),
        running: chat.activeTurnId !== null,
        lastEventSeq: chat.lastEventSeq,
      };
      // A streaming reply's row is a snapshot: what it streamed since is folded in.
      const streaming = items.filter((item) => item.status === "streaming").map((item) => item.id);
      const snapshots = streaming.length === 0 ? [] : await tx.item.findMany({ where: { id: { in: streaming }, snapshotSeq: { not: null } }, select: { id: true, snapshotSeq: true } });
      return foldStreamedEvents(tx, view, snapshots.map((item) => ({ itemId: item.id, snapshotSeq: item.snapshotSeq! })));
    },
    { isolationLevel: "RepeatableRead" },
  );
}

/**
 * The items just before position `before`, with their answered state, as of one moment of the log.
 * A reader heals the chat first (`healChats`), as for `loadChatView`.
 */
export async function loadEarlierItems({ visitorId, chatId, before }: { visitorId: string; chatId: string; before: number }): Promise<EarlierItems> {
  return db().$transaction(
    async (tx) => {
      const chat = await findOwnChat(tx, { visitorId, chatId });
      return { ...(await readEarlierItems(tx, { chatId, before })), lastEventSeq: chat.lastEventSeq };
    },
    { isolationLevel: "RepeatableRead" },
  );
}

async function findOwnChat(tx: Tx, { visitorId, chatId }: { visitorId: string; chatId: string }) {
  const chat = await tx.chat.findUnique({ where: { id: chatId } });
  if (!chat || chat.visitorId !== visitorId) throw new AppError("chat-not-found", "This chat does not exist.");
  return chat;
}
