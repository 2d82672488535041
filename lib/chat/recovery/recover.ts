import "server-only";
import { CLAIM_LEASE_MS, settleStaleClaims } from "../answers/confirmations";
import {
  countRequestAndFindRecoverable,
  deleteExpiredRequestWindows,
  findRecoverable,
  type Recoverable,
  type RecoveryScope,
} from "../store/requests";
import { recoverTurns, splitRecoverable } from "../turns/recover";

// Turns recovered, and chats handed back, per call: one request's (or one sweep's) work stays bounded.
const LIMIT = 25;

type Recovered = { recovered: string[]; unclaimed: string[] };

/**
 * Settles stale confirmation claims and interrupts turns past their lease. An unclaimed turn is handed
 * back too: its starting request may have failed before starting it, and only one runner can claim it.
 */
async function recover(
  scope: RecoveryScope,
  { count = false }: { count?: boolean } = {},
): Promise<Recovered> {
  const look = { now: new Date(), limit: LIMIT, claimLeaseMs: CLAIM_LEASE_MS };
  const found: Recoverable =
    count && scope.visitorId
      ? await countRequestAndFindRecoverable(scope.visitorId, scope, look)
      : await findRecoverable(scope, look);
  // The usual case: no process died and no claim went stale.
  if (found.claims.length === 0 && found.turns.length === 0)
    return { recovered: [], unclaimed: [] };
  const settled = await settleStaleClaims(found.claims, { now: look.now });
  const { lapsed, unclaimed } = splitRecoverable(found.turns, LIMIT);
  return {
    recovered: [...new Set([...settled.chats, ...(await recoverTurns(lapsed))])],
    unclaimed,
  };
}

const waiting = ({ recovered, unclaimed }: Recovered) => [...new Set([...recovered, ...unclaimed])];

/** A stranger's request recovers nothing; `count` counts the request in the same statement. */
export async function recoverChats(
  scope: { visitorId: string; chatId?: string },
  options: { count?: boolean } = {},
): Promise<string[]> {
  return waiting(await recover(scope, options));
}

/** Recovers a chat a page watches; an unclaimed turn is left to the request that started it. */
export async function recoverWatchedChat(chatId: string): Promise<string[]> {
  return (await recover({ chatId })).recovered;
}

/** `GET /api/cron/sweep`: every chat, bounded per run, and old request windows. */
export async function sweepAllChats(): Promise<{ waiting: string[]; requestWindows: number }> {
  return {
    waiting: waiting(await recover({})),
    requestWindows: await deleteExpiredRequestWindows(),
  };
}
