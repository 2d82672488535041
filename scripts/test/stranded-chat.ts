import { randomUUID } from "node:crypto";
import { createChat } from "@/lib/chat/chats/manage";
import { sendMessage } from "@/lib/chat/chats/send-message";
import { db } from "@/lib/db/client";

/**
 * A chat whose first turn a process claimed, then died mid-reply (its lease lapsed); a second
 * message waits behind it, and nobody reads the chat.
 */
export async function strandedChat(visitorId: string = randomUUID()) {
  const { chatId } = await createChat({ visitorId, message: "first" });
  await sendMessage({ visitorId, chatId, text: "second" });
  const turn = await db().turn.findFirstOrThrow({ where: { chatId, status: "running" } });
  const { lastPosition } = await db().chat.update({
    where: { id: chatId },
    data: { lastPosition: { increment: 1 } },
  });
  const reply = await db().item.create({
    data: {
      chatId,
      position: lastPosition,
      role: "assistant",
      status: "streaming",
      content: "half a",
      turnId: turn.id,
    },
  });
  await db().turn.update({
    where: { id: turn.id },
    data: { replyItemId: reply.id, leaseExpiresAt: new Date(Date.now() - 1) },
  });
  return { visitorId, chatId, turnId: turn.id };
}
