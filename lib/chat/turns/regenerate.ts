import "server-only";
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/http/errors";
import { chatTransaction, lockChat } from "../store/chats";
import { writeChat } from "../store/log";
import { findRegenerable, leaseFromNow } from "../store/turns";

/** Also retries an interrupted reply: a new turn writes the same item, whose blocks get the next revision. */
export async function regenerateReply({ chatId, visitorId, itemId }: { chatId: string; visitorId: string; itemId: string }) {
  return chatTransaction(async (tx) => {
    const lock = await lockChat(tx, { chatId, visitorId });
    const item = await findRegenerable(lock, itemId);
    if (!item) throw new AppError("item-not-found", "This reply is not in the chat.");
    if (lock.chat.activeTurnId) throw new AppError("cannot-regenerate", "A reply is being written; try again when it has finished.");
    if (item.later > 0) throw new AppError("cannot-regenerate", "Only the last reply can be written again.");
    // A pick on one of its lists awaits a decision; writing the reply again would orphan it.
    if (item.picked) throw new AppError("cannot-regenerate", "This reply was already answered; send a new message instead.");
    const turnId = randomUUID();
    const turn = { id: turnId, chatId, triggerItemId: item.triggerItemId, restartsItemId: item.itemId, leaseExpiresAt: leaseFromNow() };
    await writeChat(lock, { events: [{ type: "turn.started", turnId }], writes: [{ kind: "regeneration", turn }], chat: { activeTurnId: turnId } });
    return { turnId };
  });
}
