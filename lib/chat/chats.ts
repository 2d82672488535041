import "server-only";
import { appConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { sweepStaleClaims } from "./confirmations";
import { appendEvents, ITEM_EXTRAS_INCLUDE, itemExtras, lockChat, toItemView } from "./store";
import { foldStreamedEvents } from "./turns/snapshots";
import { queuedViews, sendOrQueue } from "./turns/start";
import type { ChatListEntry, ChatView, ItemView } from "./wire";

// Cut by code points: a cut through a surrogate pair would leave text Postgres cannot store.
function titleFrom(text: string): string {
  const line = text.trim().split("\n")[0] ?? "";
  const characters = Array.from(line);
  return characters.length > 60 ? `${characters.slice(0, 57).join("")}…` : line || "New chat";
}

/**
 * Creates a chat for the visitor, optionally with its first message (which starts a turn). A
 * visitor keeps at most `maxChats` chats; past that, `too-many-chats` and nothing is written.
 */
export async function createChat({ visitorId, message, maxChats = appConfig().maxChatsPerVisitor }: { visitorId: string; message?: string; maxChats?: number }) {
  return db().$transaction(async (tx) => {
    // The upsert creates the visitor or locks its row: one visitor's creations take turns, so the
    // count below is exact however many race (a new visitor's first requests wait for the winner).
    await tx.$executeRaw`INSERT INTO "Visitor" ("id") VALUES (${visitorId}::uuid) ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id"`;
    if ((await tx.chat.count({ where: { visitorId } })) >= maxChats) {
      throw new AppError("too-many-chats", `You have ${maxChats} chats, the most one visitor can keep.`);
    }
    const chat = await tx.chat.create({ data: { visitorId, title: message ? titleFrom(message) : "New chat" } });
    if (!message) return { chatId: chat.id, status: null };
    const locked = await lockChat(tx, { chatId: chat.id, visitorId });
    const sent = await sendOrQueue(tx, locked, { text: message });
    await appendEvents(tx, chat.id, sent.events);
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

/** A person's message: sent at once, or queued behind the turn that is running. */
export async function sendMessage({ visitorId, chatId, text }: { visitorId: string; chatId: string; text: string }) {
  return db().$transaction(async (tx) => {
    const chat = await lockChat(tx, { chatId, visitorId });
    const sent = await sendOrQueue(tx, chat, { text });
    await appendEvents(tx, chatId, sent.events);
    return sent;
  });
}

/** The whole chat as its page first draws it; streaming continues from `lastEventSeq`. */
export async function loadChatView({ visitorId, chatId }: { visitorId: string; chatId: string }): Promise<ChatView> {
  // Reading a chat heals its confirmations whose deciding process died.
  await sweepStaleClaims({ chatId, visitorId });
  // Repeatable read: the items, the queue and the sequence number describe one moment of the log.
  return db().$transaction(
    async (tx) => {
      const chat = await tx.chat.findUnique({ where: { id: chatId } });
      if (!chat || chat.visitorId !== visitorId) throw new AppError("chat-not-found", "This chat does not exist.");
      const [items, confirmations] = await Promise.all([
        tx.item.findMany({ where: { chatId }, orderBy: { position: "asc" }, include: ITEM_EXTRAS_INCLUDE }),
        tx.actionConfirmation.findMany({ where: { chatId }, orderBy: { createdAt: "asc" } }),
      ]);
      const confirmationsByItem = new Map<string, typeof confirmations>();
      for (const row of confirmations) confirmationsByItem.set(row.itemId, [...(confirmationsByItem.get(row.itemId) ?? []), row]);
      const view = {
        id: chat.id,
        title: chat.title,
        items: items.map((item): ItemView => toItemView(item, itemExtras(item, confirmationsByItem.get(item.id) ?? []))),
        queued: await queuedViews(tx, chatId),
        running: chat.activeTurnId !== null,
        lastEventSeq: chat.lastEventSeq,
      };
      // A streaming reply's row is a snapshot: what it streamed since is folded in.
      const snapshots = items.flatMap((item) => (item.status === "streaming" && item.snapshotSeq !== null ? [{ itemId: item.id, snapshotSeq: item.snapshotSeq }] : []));
      return foldStreamedEvents(tx, view, snapshots);
    },
    { isolationLevel: "RepeatableRead" },
  );
}
