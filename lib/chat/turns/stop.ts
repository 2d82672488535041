import "server-only";
import { db } from "@/lib/db/client";
import { lockChat } from "../store";

/**
 * A person pressed Stop. Only the request is recorded here, under the chat lock: whichever
 * instance runs the turn sees it in its next write or lease renewal, stops the agent and ends the
 * turn as stopped through `endTurn`, which starts the next queued message. Returns whether a
 * running turn was asked to stop; with nothing running, nothing is written.
 */
export async function requestStop({ visitorId, chatId }: { visitorId: string; chatId: string }): Promise<{ stopping: boolean }> {
  return db().$transaction(async (tx) => {
    const chat = await lockChat(tx, { chatId, visitorId });
    if (!chat.activeTurnId) return { stopping: false };
    const { count } = await tx.turn.updateMany({
      where: { id: chat.activeTurnId, status: "running" },
      data: { stopRequestedAt: new Date() },
    });
    return { stopping: count === 1 };
  });
}
