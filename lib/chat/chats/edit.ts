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
    if (!found) throw new AppError("item-not-found", "This message is not in the chat.");
    if (found.role !== "user" || found.origin !== null) {
      throw new AppError(
        "not-editable",
        "Only a message you wrote can be edited; a reply or an answer to a list or block cannot.",
      );
    }
    if (lock.chat.activeTurnId || found.queued) {
      throw new AppError(
        "edit-while-replying",
        "A reply is being written; stop it or wait for it to finish, then edit.",
      );
    }
    if (found.answeredAfter) {
      throw new AppError(
        "edit-after-answer",
        "A reply after this message was answered; editing it would discard that answer. Send a new message instead.",
      );
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
