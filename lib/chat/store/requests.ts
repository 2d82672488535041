import "server-only";
import { createHmac } from "node:crypto";
import { z } from "zod";
import { appConfig, type RateLimit } from "@/lib/config";
import { db, type Db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";

// What a request runs before its action (decision 009): one statement counts it in the visitor's
// request window (a new visitor also per address) and finds what a dead process left in what it
// touches, for recovery. The sweep finds the same things, every chat, under its own lock.

// Request windows.

// A full window counts nothing: `count` is null, and `retryAfter` says when the window ends.
const countedSchema = z.object({
  count: z.number().int().nullable(),
  retryAfter: z.number().int(),
  read: z.unknown(),
});

const WINDOWS = {
  requests: {
    table: Prisma.raw(`"RequestWindow"`),
    key: Prisma.raw(`"visitorId"`),
    cast: Prisma.raw("uuid"),
  },
  newVisitors: {
    table: Prisma.raw(`"AddressWindow"`),
    key: Prisma.raw(`"address"`),
    cast: Prisma.raw("text"),
  },
} as const;

/** A request that also recovers counts in `countRequestAndFindRecoverable`, in the same statement as its lookup. */
export async function countRequest({
  visitorId,
  limit = appConfig().rateLimit,
}: {
  visitorId: string;
  limit?: RateLimit;
}): Promise<void> {
  await countInWindow(db(), WINDOWS.requests, visitorId, limit);
}

let instanceWindow: InstanceWindow | undefined;
let toldHowToNameAddresses = false;

/** Inside the transaction that creates the visitor, as cookies are free to mint; with no address, the instance's window. */
export async function countNewVisitor(
  tx: Tx,
  {
    address,
    limit = appConfig().newVisitorLimit,
    instance,
  }: { address: string | null; limit?: RateLimit; instance?: InstanceWindow },
): Promise<void> {
  if (!address)
    return countInInstance(
      instance ?? (instanceWindow ??= new InstanceWindow(appConfig().newVisitorsPerInstance)),
    );
  const hashed = createHmac("sha256", appConfig().sessionSecret)
    .update(address)
    .digest("base64url");
  await countInWindow(tx, WINDOWS.newVisitors, hashed, limit);
}

function countInInstance(instance: InstanceWindow): void {
  try {
    instance.take();
  } catch (error) {
    if (!toldHowToNameAddresses) {
      console.warn(
        "New visitors are limited per instance, not per client, as no client address is known: set TRUSTED_CLIENT_IP_HEADER to the header your proxy sets, such as x-real-ip.",
      );
    }
    toldHowToNameAddresses = true;
    throw error;
  }
}

/**
 * The one statement that counts in a window: on the database's clock, so instances share the count;
 * a full window is untouched (a refusal writes nothing). `read`, when given, is what it answers.
 */
async function countInWindow(
  client: Pick<Tx, "$queryRaw">,
  where: (typeof WINDOWS)[keyof typeof WINDOWS],
  key: string,
  limit: RateLimit,
  read: Prisma.Sql = Prisma.sql`NULL`,
): Promise<unknown> {
  const seconds = limit.windowSeconds;
  const { table, key: column, cast } = where;
  const rows = await client.$queryRaw<unknown[]>`
    WITH w AS (
      SELECT to_timestamp(floor(extract(epoch FROM now()) / ${seconds}) * ${seconds}) AT TIME ZONE 'UTC' AS "start"
    ), counted AS (
      INSERT INTO ${table} (${column}, "windowStart", "count")
      SELECT ${key}::${cast}, w."start", 1 FROM w
      ON CONFLICT (${column}) DO UPDATE
        SET "count" = CASE WHEN ${table}."windowStart" = EXCLUDED."windowStart" THEN ${table}."count" + 1 ELSE 1 END,
            "windowStart" = EXCLUDED."windowStart"
        WHERE ${table}."windowStart" <> EXCLUDED."windowStart" OR ${table}."count" < ${limit.requests}
      RETURNING "count"
    )
    SELECT (SELECT "count" FROM counted) AS "count",
           ceil(extract(epoch FROM w."start" + make_interval(secs => ${seconds}) - (now() AT TIME ZONE 'UTC')))::int AS "retryAfter",
           CASE WHEN EXISTS (SELECT 1 FROM counted) THEN ${read} END AS "read"
    FROM w`;
  const row = countedSchema.parse(rows[0]);
  if (row.count === null) throw rateLimited(limit, row.retryAfter);
  return row.read;
}

/** A bounded batch per call per kind (the periodic sweep). */
export async function deleteExpiredRequestWindows({
  limit = appConfig().rateLimit,
  newVisitorLimit = appConfig().newVisitorLimit,
  batch = 10_000,
}: { limit?: RateLimit; newVisitorLimit?: RateLimit; batch?: number } = {}): Promise<number> {
  let deleted = 0;
  for (const [{ table, key }, seconds] of [
    [WINDOWS.requests, limit.windowSeconds],
    [WINDOWS.newVisitors, newVisitorLimit.windowSeconds],
  ] as const) {
    deleted += await db().$executeRaw`
      DELETE FROM ${table} WHERE ${key} IN (
        SELECT ${key} FROM ${table}
        WHERE "windowStart" < (now() AT TIME ZONE 'UTC') - make_interval(secs => ${2 * seconds})
        LIMIT ${batch})`;
  }
  return deleted;
}

export function rateLimited(limit: RateLimit, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  return new AppError(
    "rate-limited",
    `Too many requests: at most ${limit.requests} every ${limit.windowSeconds} s. Try again in ${seconds} s.`,
    undefined,
    {
      retryAfterSeconds: seconds,
    },
  );
}

/** In this process's memory: bounds an instance, for new visitors whose address nothing names. */
export class InstanceWindow {
  private windowStart = 0;
  private count = 0;

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one, or throws 429 `rate-limited` (counting nothing) once the window is full. */
  take(): void {
    const length = this.limit.windowSeconds * 1000;
    const now = this.now();
    const start = Math.floor(now / length) * length;
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.count = 0;
    }
    if (this.count >= this.limit.requests)
      throw rateLimited(this.limit, Math.ceil((start + length - now) / 1000));
    this.count++;
  }
}

// What a dead process left.

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

/** One round trip: `countRequest`'s count, then the lookup; a full window (429 `rate-limited`) reads nothing. */
export async function countRequestAndFindRecoverable(
  visitorId: string,
  scope: RecoveryScope,
  { rateLimit = appConfig().rateLimit, ...options }: LookOptions & { rateLimit?: RateLimit },
): Promise<Recoverable> {
  const read = recoverableLookup(scope, options);
  const found = await countInWindow(db(), WINDOWS.requests, visitorId, rateLimit, read);
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
