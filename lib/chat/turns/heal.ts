import "server-only";
import { db } from "@/lib/db/client";
import { deleteExpiredRequestWindows } from "@/lib/http/rate-limit";
import { sweepStaleClaims } from "../confirmations";
import { recoverStaleTurns, turnScope } from "./recover";

/**
 * Heals what dead processes left in a visitor's chats (one chat, or all of them) before a request
 * touches them, so a stuck chat heals as soon as anyone reads, lists or writes it, watched or not:
 * confirmation claims past their lease are settled, turns past their lease are interrupted and
 * their queue moves on. Returns the chats with a turn waiting to be driven, with those whose turn
 * was never claimed: the request that started it may have failed before driving it (a pool
 * exhausted under load), and a second driver is harmless, as only one can claim a turn.
 */
export async function healChats(scope: { visitorId: string; chatId?: string }): Promise<string[]> {
  await sweepStaleClaims(scope);
  const recovered = await recoverStaleTurns(scope);
  const unclaimed = await db().turn.findMany({
    where: { status: "running", replyItemId: null, ...turnScope(scope) },
    take: 25,
    select: { chatId: true },
  });
  return [...new Set([...recovered, ...unclaimed.map((turn) => turn.chatId)])];
}

/**
 * The periodic sweep (`GET /api/cron/sweep`), for chats nobody touches: turns past their lease in
 * any chat, a bounded number per run, confirmation claims past theirs, and request windows long
 * past. Unclaimed turns are left to their lease here, so the sweep never races a live request for
 * its own turn. Returns the chats with a turn waiting to be driven and what was healed.
 */
export async function sweepAllChats({ limit = 25 }: { limit?: number } = {}) {
  const drive = await recoverStaleTurns({ limit });
  const claims = await sweepStaleClaims();
  const requestWindows = await deleteExpiredRequestWindows();
  return { drive, claims, requestWindows };
}
