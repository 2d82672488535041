import "server-only";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { countRequest, deleteExpiredRequestWindows } from "@/lib/http/rate-limit";
import { settleStaleClaims, staleClaimChats } from "../answers/confirmations";
import { type Healable, healableTurns, recoverTurns, splitHealable, type TurnScope } from "./recover";

// Turns healed, and chats handed back, per call: one request's (or one sweep's) work stays bounded.
const LIMIT = 25;

/** What a heal found to do: the chats holding stale confirmation claims, and the turns that need a hand. */
type Found = { claims: string[]; turns: Healable[] };

/**
 * Heals what dead processes left: confirmation claims past their lease are settled (and handles
 * past their time expired), turns past their lease are interrupted and their queue moves on.
 * Returns the chats with a turn waiting to be driven (a settled handle's report may start one),
 * with those whose turn was never claimed: the request that started it may have failed before
 * driving it (a pool exhausted under load), and a second driver is harmless, as only one can claim
 * a turn. What needs a hand is found by one read,
 * which a state-changing request makes in the statement that counts it (`count`), so a request
 * pays one round trip for both; nothing is healed for a request refused there.
 */
async function heal(scope: TurnScope, { count = false }: { count?: boolean } = {}): Promise<string[]> {
  const now = new Date();
  const toHeal = Prisma.sql`json_build_object('claims', ${staleClaimChats({ ...scope, now })}, 'turns', ${healableTurns(scope, now, LIMIT)})`;
  const found = (
    count && scope.visitorId
      ? await countRequest({ visitorId: scope.visitorId, also: toHeal })
      : (await db().$queryRaw<{ found: Found }[]>`SELECT ${toHeal} AS "found"`)[0]?.found
  ) as Found;
  const settled = await settleStaleClaims(found.claims, { now });
  const { lapsed, unclaimed } = splitHealable(found.turns, LIMIT);
  const recovered = await recoverTurns(lapsed);
  return [...new Set([...settled.chats, ...recovered, ...unclaimed])];
}

/**
 * Heals a visitor's chat, or all their chats, before a request touches it, so a stuck chat heals
 * as soon as anyone reads, lists or writes it, watched or not. A stranger's request heals nothing.
 * A state-changing request is counted against the visitor's rate limit in the same statement
 * (`count`): over the limit, 429 `rate-limited`, and nothing healed.
 */
export function healChats(scope: { visitorId: string; chatId?: string }, options: { count?: boolean } = {}): Promise<string[]> {
  return heal(scope, options);
}

/**
 * The periodic sweep (`GET /api/cron/sweep`), for chats nobody touches: every chat is healed, a
 * bounded number a run, and request windows long past are deleted.
 */
export async function sweepAllChats(): Promise<{ drive: string[]; requestWindows: number }> {
  const drive = await heal({});
  return { drive, requestWindows: await deleteExpiredRequestWindows() };
}
