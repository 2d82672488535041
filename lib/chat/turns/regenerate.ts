import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { appendEvents, lockChat } from "../store";
import { leaseFromNow } from "./writer";

/**
 * Regenerate (or, for an interrupted reply, retry) the chat's last reply: a new turn answers the
 * same message again and writes the same item, whose blocks get the next revision when it ends.
 * A page still drawing the old revision gets `stale-ui-block` if it answers a block.
 */
export async function regenerateReply({ chatId, visitorId, itemId }: { chatId: string; visitorId: string; itemId: string }) {
  return db().$transaction(async (tx) => {
    const chat = await lockChat(tx, { chatId, visitorId });
    const item = await tx.item.findFirst({
      where: { id: itemId, chatId, role: "assistant", parentToolUseId: null },
      include: { _count: { select: { selections: true } } },
    });
    if (!item?.turnId) throw new AppError("item-not-found", "This reply is not in the chat.");
    if (chat.activeTurnId) throw new AppError("cannot-regenerate", "A reply is being written; try again when it has finished.");
    const later = await tx.item.count({ where: { chatId, role: "user", position: { gt: item.position } } });
    if (later > 0) throw new AppError("cannot-regenerate", "Only the last reply can be written again.");
    // A pick on one of its lists awaits a decision; writing the reply again would orphan it.
    if (item._count.selections > 0) throw new AppError("cannot-regenerate", "This reply was already answered; send a new message instead.");
    const previous = await tx.turn.findUniqueOrThrow({ where: { id: item.turnId } });
    const turnId = randomUUID();
    await tx.chat.update({ where: { id: chatId }, data: { activeTurnId: turnId } });
    await tx.turn.create({ data: { id: turnId, chatId, triggerItemId: previous.triggerItemId, restartsItemId: item.id, leaseExpiresAt: leaseFromNow() } });
    await appendEvents(tx, chatId, [{ type: "turn.started", turnId }]);
    return { turnId };
  });
}
