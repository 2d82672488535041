import "server-only";
import { createHmac } from "node:crypto";
import { z } from "zod";
import { appConfig, type RateLimit } from "@/lib/config";
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "./errors";

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

/** A request that also recovers counts in `countRequestAndFindRecoverable` (lib/chat/store/recovery.ts). */
export async function countRequest({
  visitorId,
  limit = appConfig().rateLimit,
}: {
  visitorId: string;
  limit?: RateLimit;
}): Promise<void> {
  await countInWindow(db(), WINDOWS.requests, visitorId, limit);
}

/**
 * `countRequest`, with a lookup read in the same statement once the request counted (a full window
 * reads nothing). For the recovery request (`countRequestAndFindRecoverable`): one round trip, and the
 * window's upsert written only here, as lib/http depends on no chat module.
 */
export async function countRequestAndRead({
  visitorId,
  limit = appConfig().rateLimit,
  read,
}: {
  visitorId: string;
  limit?: RateLimit;
  read: Prisma.Sql;
}): Promise<unknown> {
  return countInWindow(db(), WINDOWS.requests, visitorId, limit, read);
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
