import "server-only";
import { db } from "@/lib/db/client";
import { CHAT_EVENTS_CHANNEL } from "../stream/notify";
import { appendEvents, lockChat } from "../store";

/** Renames the visitor's chat; every open page of it hears `chat.renamed` and redraws its title. */
export async function renameChat({ visitorId, chatId, title }: { visitorId: string; chatId: string; title: string }) {
  const trimmed = title.trim();
  return db().$transaction(async (tx) => {
    await lockChat(tx, { chatId, visitorId });
    await tx.chat.update({ where: { id: chatId }, data: { title: trimmed } });
    await appendEvents(tx, chatId, [{ type: "chat.renamed", title: trimmed }]);
    return { chatId, title: trimmed };
  });
}

/**
 * Deletes the visitor's chat and everything in it, in one transaction under the chat lock:
 * confirmations (which name the chat without a foreign key), then the chat, whose items, turns,
 * queue and event log go with it. A turn still running finds its chat gone at its next write and
 * stops. The notice wakes every stream of the chat, on every instance, so open pages learn the
 * chat is gone at once; another visitor's chat is not found, exactly like one that never was.
 */
export async function deleteChat({ visitorId, chatId }: { visitorId: string; chatId: string }) {
  await db().$transaction(async (tx) => {
    await lockChat(tx, { chatId, visitorId });
    await tx.actionConfirmation.deleteMany({ where: { chatId } });
    await tx.chat.delete({ where: { id: chatId } });
    await tx.$executeRaw`SELECT pg_notify(${CHAT_EVENTS_CHANNEL}, ${chatId} || ':deleted')`;
  });
  return { chatId, deleted: true };
}
