import "server-only";
import { AppError } from "@/lib/http/errors";
import { chatTransaction, lockChat } from "../store/chats";
import { turnStatus, turnWaits } from "../store/turns";
import { completeInterruptedReply, endTurn } from "./end";

// Outlives a database outage: retried at most 2 s apart, lease kept, within a route's 300 s; then left to recovery.
export const END_RETRY_WINDOW_MS = 55_000;
const END_RETRY_MS = [250, 500, 1_000, 2_000];

/** Retries until `until`. True when a turn now waits: the next queued one, or one waiting when it was ended elsewhere. */
export async function storeEnd(
  ending: Parameters<typeof endTurn>[1],
  until: number,
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await chatTransaction(async (tx) => {
        const lock = await lockChat(tx, { chatId: ending.chatId });
        const { ended, next } = await endTurn(lock, ending);
        // A reader may have recovered the chat first, ending the turn as interrupted: a finished reply still replaces the partial one.
        if (
          !ended &&
          ending.outcome === "finished" &&
          !(await completeInterruptedReply(lock, ending))
        ) {
          // An earlier attempt may have committed although its answer was lost with the connection;
          // a reply the person stopped as it finished keeps what was shown at Stop.
          const status = await turnStatus(tx, ending.turnId);
          if (status !== "finished" && status !== "stopped")
            console.error(
              "A finished reply was dropped: its turn was ended elsewhere and its item is being written again",
            );
        }
        // Ended elsewhere, or by an attempt whose answer was lost: a turn may wait all the same.
        return ended ? next : turnWaits(ending.chatId, tx);
      });
    } catch (error) {
      // A chat deleted under its turn has nothing left to store.
      if (error instanceof AppError && error.code === "chat-not-found") return false;
      const wait = END_RETRY_MS[Math.min(attempt, END_RETRY_MS.length - 1)]!;
      if (Date.now() + wait > until) {
        console.error(
          `A ${ending.outcome} reply could not be stored; recovery will mark it interrupted`,
          error,
        );
        return false;
      }
      console.error(`Storing the end of a turn failed; retrying in ${wait} ms`, error);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
