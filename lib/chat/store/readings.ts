import "server-only";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { type ChatLock, ownChat } from "./chats";

// UiReading (a live block's readings), RevokedGrant (source grants withdrawn from a chat).

/** The visitor's chat with the grants withdrawn from it, the item's blocks, and whether the block was answered at that revision. */
export async function readableBlock(request: { chatId: string; visitorId: string; itemId: string; blockId: string; revision: number }) {
  const chat = await db().chat.findUnique({
    where: { id: request.chatId },
    select: {
      visitorId: true,
      revokedGrants: { select: { grant: true } },
      items: {
        where: { id: request.itemId },
        select: { status: true, revision: true, blocks: true, uiAnswers: { where: { blockId: request.blockId, revision: request.revision }, select: { id: true } } },
      },
    },
  });
  return ownChat(chat, request.visitorId);
}

/** A read's outcome, stored in the slot it took. */
export function settleReading(slot: string, fields: Prisma.UiReadingUpdateInput) {
  return db().uiReading.update({ where: { id: slot }, data: fields });
}

export function revokedGrants(client: Pick<Tx, "revokedGrant">, chatId: string) {
  return client.revokedGrant.findMany({ where: { chatId }, select: { grant: true } });
}

/** Restores or withdraws a grant under the chat lock, so a choice is checked before or after it, never during. */
export async function setRevokedGrant({ tx, chat }: ChatLock, grant: string, granted: boolean): Promise<void> {
  if (granted) await tx.revokedGrant.deleteMany({ where: { chatId: chat.id, grant } });
  else await tx.revokedGrant.createMany({ data: [{ chatId: chat.id, grant }], skipDuplicates: true });
}
