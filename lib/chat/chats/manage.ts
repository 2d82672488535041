import "server-only";
import { appConfig, type RateLimit } from "@/lib/config";
import { AppError } from "@/lib/http/errors";
import { countNewVisitor } from "../store/requests";
import {
  chatTransaction,
  countChats,
  deleteChatRows,
  holdVisitor,
  insertChat,
  lockChat,
  recentChats,
} from "../store/chats";
import { writeChat } from "../store/log";
import { turnStart } from "../store/turns";
import type { ChatListEntry } from "../wire";
import { previewText } from "../wire/plain-text";

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

// What the list shows of a chat's last message: a line, enough to tell two chats of one title apart.
const PREVIEW_CHARACTERS = 120;

export async function listChats({ visitorId }: { visitorId: string }): Promise<ChatListEntry[]> {
  const chats = await recentChats(visitorId, 50);
  return chats.map((chat) => ({
    id: chat.id,
    title: chat.title,
    updatedAt: chat.updatedAt.toISOString(),
    replying: chat.activeTurnId !== null,
    lastMessage:
      chat.lastRole && chat.lastText
        ? {
            fromYou: chat.lastRole === "user",
            text: previewText(chat.lastText, PREVIEW_CHARACTERS),
          }
        : null,
  }));
}

/** Every open page hears `chat.renamed`. */
export async function renameChat({
  visitorId,
  chatId,
  title,
}: {
  visitorId: string;
  chatId: string;
  title: string;
}) {
  const trimmed = title.trim();
  return chatTransaction(async (tx) => {
    const lock = await lockChat(tx, { chatId, visitorId });
    await writeChat(lock, {
      events: [{ type: "chat.renamed", title: trimmed }],
      chat: { title: trimmed },
    });
    return { chatId, title: trimmed };
  });
}

/** Under the chat lock; a running turn finds its chat gone at its next write and stops. */
export async function deleteChat({ visitorId, chatId }: { visitorId: string; chatId: string }) {
  await chatTransaction(async (tx) => deleteChatRows(await lockChat(tx, { chatId, visitorId })));
  return { chatId, deleted: true as const };
}
