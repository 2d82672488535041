import "server-only";
import { chatTransaction, lockChat, readChat } from "../store/chats";
import { writeChat, writeIfLogUnchanged } from "../store/log";
import { sendOrQueue, turnStart } from "../store/turns";

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
