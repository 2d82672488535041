import "server-only";
import { AppError } from "@/lib/http/errors";
import { chatTransaction, lockChat } from "../store/chats";
import { findEditable } from "../store/items";
import { writeChat } from "../store/log";
import { turnStart } from "../store/turns";

/**
 * A person's message sent again with new text, in one transaction under the chat lock: it and every
 * item after it are replaced by the new message, whose turn starts (decision 021). Refused, writing
 * nothing, while a reply runs or waits, and when an item after it holds an answered part.
 */
export async function editMessage({
  visitorId,
  chatId,
  itemId,
  text,
}: {
  visitorId: string;
  chatId: string;
  itemId: string;
  text: string;
}) {
  return chatTransaction(async (tx) => {
    const lock = await lockChat(tx, { chatId, visitorId });
    const found = await findEditable(lock, itemId);
    if (!found) throw new AppError("item-not-found");
    if (found.role !== "user" || found.origin !== null) {
      throw new AppError("not-editable");
    }
    if (lock.chat.activeTurnId || found.queued) {
      throw new AppError("edit-while-replying");
    }
    if (found.answeredAfter) {
      throw new AppError("edit-after-answer");
    }
    const sent = turnStart(lock.chat, { text });
    await writeChat(lock, {
      events: [{ type: "items.replaced", fromPosition: found.position }, ...sent.events],
      writes: [
        { kind: "replaceItems", replace: { chatId, fromPosition: found.position } },
        ...sent.writes,
      ],
      chat: sent.chat,
    });
    return { status: sent.status, itemId: sent.itemId, turnId: sent.turnId };
  });
}
