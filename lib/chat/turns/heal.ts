import "server-only";
import { deleteExpiredRequestWindows } from "@/lib/http/rate-limit";
import { sweepStaleClaims } from "../confirmations";
import { recoverTurns, turnsToHeal, type TurnScope } from "./recover";

// Turns healed, and chats handed back, per call: one request's (or one sweep's) work stays bounded.
const LIMIT = 25;

/**
 * Heals what dead processes left: confirmation claims past their lease are settled (and handles
 * past their time expired), turns past their lease are interrupted and their queue moves on.
 * Returns the chats with a turn waiting to be driven, with those whose turn was never claimed: the
 * request that started it may have failed before driving it (a pool exhausted under load), and a
 * second driver is harmless, as only one can claim a turn.
 */
async function heal({ chatId, visitorId }: TurnScope): Promise<string[]> {
  await sweepStaleClaims({ chatId, visitorId });
  const { lapsed, unclaimed } = await turnsToHeal({ chatId, visitorId }, LIMIT);
  const recovered = await recoverTurns(lapsed);
  return [...new Set([...recovered, ...unclaimed])];
}

/**
 * Heals a visitor's chat, or all their chats, before a request touches it, so a stuck chat heals
 * as soon as anyone reads, lists or writes it, watched or not. A stranger's request heals nothing.
 */
export function healChats(scope: { visitorId: string; chatId?: string }): Promise<string[]> {
  return heal(scope);
}

/**
 * The periodic sweep (`GET /api/cron/sweep`), for chats nobody touches: every chat is healed, a
 * bounded number a run, and request windows long past are deleted.
 */
export async function sweepAllChats(): Promise<{ drive: string[]; requestWindows: number }> {
  const drive = await heal({});
  return { drive, requestWindows: await deleteExpiredRequestWindows() };
}
