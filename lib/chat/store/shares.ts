import "server-only";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { ownChat } from "./chats";

// Chat rows found by a share link's token hash; the link is written by the append (`ChatMove.share`).

export function shareNotFound(): AppError {
  return new AppError("share-not-found");
}

/** The chat a link opens, read in the caller's transaction; a dead link (or a deleted chat) is not found. */
export async function findSharedChat(tokenHash: string, tx: Pick<Tx, "chat"> = db()) {
  const chat = await tx.chat.findUnique({
    where: { shareTokenHash: tokenHash },
    select: { id: true, title: true, activeTurnId: true, lastEventSeq: true },
  });
  if (!chat) throw shareNotFound();
  return chat;
}

/** Whether the link still opens this chat: false once unshared, shared anew, or deleted. */
export async function shareStillOpens(chatId: string, tokenHash: string): Promise<boolean> {
  return (await db().chat.count({ where: { id: chatId, shareTokenHash: tokenHash } })) === 1;
}

export async function readShare(scope: {
  chatId: string;
  visitorId: string;
}): Promise<{ sharedAt: Date | null }> {
  return ownChat(
    await db().chat.findUnique({
      where: { id: scope.chatId },
      select: { visitorId: true, sharedAt: true },
    }),
    scope.visitorId,
  );
}
