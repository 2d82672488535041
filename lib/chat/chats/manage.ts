import "server-only";
import { chatTransaction, deleteChatRows, lockChat } from "../store/chats";
import { writeChat } from "../store/log";

/** Renames the visitor's chat; every open page of it hears `chat.renamed` and redraws its title. */
export async function renameChat({ visitorId, chatId, title }: { visitorId: string; chatId: string; title: string }) {
  const trimmed = title.trim();
  return chatTransaction(async (tx) => {
    const lock = await lockChat(tx, { chatId, visitorId });
    await writeChat(lock, { events: [{ type: "chat.renamed", title: trimmed }], chat: { title: trimmed } });
    return { chatId, title: trimmed };
  });
}

/**
 * Deletes the visitor's chat and everything in it, under the chat lock. A turn still running
 * finds its chat gone at its next write and stops; open pages hear at once that it is gone.
 */
export async function deleteChat({ visitorId, chatId }: { visitorId: string; chatId: string }) {
  await chatTransaction(async (tx) => deleteChatRows(await lockChat(tx, { chatId, visitorId })));
  return { chatId, deleted: true };
}
