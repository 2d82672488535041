import "server-only";
import { deleteExpiredRequestWindows } from "@/lib/http/rate-limit";
import { CLAIM_LEASE_MS, settleStaleClaims } from "../answers/confirmations";
import {
  countRequestAndFindHealable,
  findHealable,
  type Healable,
  type HealScope,
} from "../store/healing";
import { recoverTurns, splitHealable } from "../turns/recover";

// Turns healed, and chats handed back, per call: one request's (or one sweep's) work stays bounded.
const LIMIT = 25;

type Healed = { healed: string[]; unclaimed: string[] };

/**
 * Settles stale confirmation claims and interrupts turns past their lease. An unclaimed turn is handed
 * back too: its starting request may have failed before driving it, and only one driver can claim it.
 */
async function heal(
  scope: HealScope,
  { count = false }: { count?: boolean } = {},
): Promise<Healed> {
  const look = { now: new Date(), limit: LIMIT, claimLeaseMs: CLAIM_LEASE_MS };
  const found: Healable =
    count && scope.visitorId
      ? await countRequestAndFindHealable(scope.visitorId, scope, look)
      : await findHealable(scope, look);
  const settled = await settleStaleClaims(found.claims, { now: look.now });
  const { lapsed, unclaimed } = splitHealable(found.turns, LIMIT);
  return { healed: [...new Set([...settled.chats, ...(await recoverTurns(lapsed))])], unclaimed };
}

const waiting = ({ healed, unclaimed }: Healed) => [...new Set([...healed, ...unclaimed])];

/** A stranger's request heals nothing; `count` counts the request in the same statement. */
export async function healChats(
  scope: { visitorId: string; chatId?: string },
  options: { count?: boolean } = {},
): Promise<string[]> {
  return waiting(await heal(scope, options));
}

/** Heals a chat a page watches; an unclaimed turn is left to the request that started it. */
export async function healWatchedChat(chatId: string): Promise<string[]> {
  return (await heal({ chatId })).healed;
}

/** `GET /api/cron/sweep`: every chat, bounded per run, and old request windows. */
export async function sweepAllChats(): Promise<{ drive: string[]; requestWindows: number }> {
  return { drive: waiting(await heal({})), requestWindows: await deleteExpiredRequestWindows() };
}
