import "server-only";
import { chatTransaction, deleteChatRows, lockChat } from "../store/chats";
import { writeChat } from "../store/log";

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
