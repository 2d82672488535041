import "server-only";
import { z } from "zod";
import type { RateLimit } from "@/lib/config";
import { db, type Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { countRequestAndRead } from "@/lib/http/rate-limit";

/** One chat, one visitor's chats, or (the sweep) all. */
export type RecoveryScope = { chatId?: string; visitorId?: string };

export type LookOptions = { now: Date; limit: number; claimLeaseMs: number };

const recoverableTurnSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  lapsed: z.boolean(),
  unclaimed: z.boolean(),
});
/** Its lease lapsed (its process died), or nobody claimed it. */
export type RecoverableTurn = z.infer<typeof recoverableTurnSchema>;

const recoverableSchema = z.object({
  claims: z.array(z.string()),
  turns: z.array(recoverableTurnSchema),
});
export type Recoverable = z.infer<typeof recoverableSchema>;

export async function findRecoverable(
  scope: RecoveryScope,
  options: LookOptions,
): Promise<Recoverable> {
  const [row] = await db().$queryRaw<
    { found: unknown }[]
  >`SELECT ${recoverableLookup(scope, options)} AS "found"`;
  return recoverableSchema.parse(row?.found);
}

export async function findStaleClaimChats(
  scope: RecoveryScope,
  options: Omit<LookOptions, "limit">,
): Promise<string[]> {
  const [row] = await db().$queryRaw<
    { found: unknown }[]
  >`SELECT ${staleClaimChats(scope, options)} AS "found"`;
  return recoverableSchema.shape.claims.parse(row?.found);
}

/** Oldest lease first. */
export async function findRecoverableTurns(
  scope: RecoveryScope,
  options: Omit<LookOptions, "claimLeaseMs">,
): Promise<RecoverableTurn[]> {
  const [row] = await db().$queryRaw<
    { found: unknown }[]
  >`SELECT ${recoverableTurns(scope, options)} AS "found"`;
  return recoverableSchema.shape.turns.parse(row?.found);
}

/** One round trip; a full window (429 `rate-limited`) recovers nothing. The count is `countRequest`'s. */
export async function countRequestAndFindRecoverable(
  visitorId: string,
  scope: RecoveryScope,
  options: LookOptions & { rateLimit?: RateLimit },
): Promise<Recoverable> {
  const found = await countRequestAndRead({
    visitorId,
    limit: options.rateLimit,
    read: recoverableLookup(scope, options),
  });
  return recoverableSchema.parse(found);
}

function recoverableLookup(scope: RecoveryScope, options: LookOptions): Prisma.Sql {
  return Prisma.sql`json_build_object('claims', ${staleClaimChats(scope, options)}, 'turns', ${recoverableTurns(scope, options)})`;
}

// The rule settleStaleClaims re-checks under the chat's lock.
function staleClaimChats(
  { chatId, visitorId }: RecoveryScope,
  { now, claimLeaseMs }: Omit<LookOptions, "limit">,
): Prisma.Sql {
  const chat = chatId ? Prisma.sql`AND "chatId" = ${chatId}::uuid` : Prisma.empty;
  const visitor = visitorId ? Prisma.sql`AND "visitorId" = ${visitorId}::uuid` : Prisma.empty;
  return Prisma.sql`(
    SELECT coalesce(json_agg(DISTINCT "chatId"), '[]') FROM "ActionConfirmation"
    WHERE (("status" IN ('approving', 'rejecting', 'expiring') AND "claimedAt" < ${new Date(now.getTime() - claimLeaseMs)})
           OR ("status" = 'pending' AND "expiresAt" <= ${now})) ${chat} ${visitor})`;
}

// Twice the limit is read, so `limit` of each kind (lapsed, never claimed) can be found.
function recoverableTurns(
  { chatId, visitorId }: RecoveryScope,
  { now, limit }: Omit<LookOptions, "claimLeaseMs">,
): Prisma.Sql {
  const chat = chatId ? Prisma.sql`AND t."chatId" = ${chatId}::uuid` : Prisma.empty;
  const visitor = visitorId
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM "Chat" c WHERE c."id" = t."chatId" AND c."visitorId" = ${visitorId}::uuid)`
    : Prisma.empty;
  return Prisma.sql`(
    SELECT coalesce(json_agg(json_build_object('id', t."id", 'chatId', t."chatId", 'lapsed', t."lapsed", 'unclaimed', t."replyItemId" IS NULL) ORDER BY t."leaseExpiresAt"), '[]')
    FROM (
      SELECT t."id", t."chatId", t."leaseExpiresAt", t."replyItemId", t."leaseExpiresAt" < ${now} AS "lapsed" FROM "Turn" t
      WHERE t."status" = 'running' AND (t."leaseExpiresAt" < ${now} OR t."replyItemId" IS NULL) ${chat} ${visitor}
      ORDER BY t."leaseExpiresAt" LIMIT ${2 * limit}
    ) t)`;
}

// Long enough for 25 turns; a second sweeper past it only costs work, as each turn is re-checked under its lock.
const SWEEP_HOLD_MS = 120_000;

/** Tried, never waited for: one sweeper at a time. Null when another holds it. */
export async function whileSweepLockFree<T>(
  work: () => Promise<T>,
  client: Db = db(),
): Promise<T | null> {
  return client.$transaction(
    async (tx) => {
      const [row] = await tx.$queryRaw<
        unknown[]
      >`SELECT pg_try_advisory_xact_lock(hashtextextended('answerable:sweep', 0)) AS "held"`;
      return z.object({ held: z.boolean() }).parse(row).held ? work() : null;
    },
    { timeout: SWEEP_HOLD_MS },
  );
}
