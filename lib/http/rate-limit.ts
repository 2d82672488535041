import "server-only";
import { appConfig, type RateLimit } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "./errors";

type Counted = { count: number | null; retryAfter: number };

/**
 * Counts one state-changing request against the visitor's budget for the current fixed window,
 * or refuses it with 429 `rate-limited` and Retry-After (the seconds left in the window). One
 * statement does it, so every instance shares the count: the window is taken from the database's
 * clock, a row of an older window restarts at 1, and a full window is left untouched, so a
 * refused request writes nothing.
 */
export async function countRequest({ visitorId, limit = appConfig().rateLimit }: { visitorId: string; limit?: RateLimit }): Promise<void> {
  const seconds = limit.windowSeconds;
  const [row] = await db().$queryRaw<Counted[]>`
    WITH w AS (
      SELECT to_timestamp(floor(extract(epoch FROM now()) / ${seconds}) * ${seconds}) AT TIME ZONE 'UTC' AS "start"
    ), counted AS (
      INSERT INTO "RequestWindow" ("visitorId", "windowStart", "count")
      SELECT ${visitorId}::uuid, w."start", 1 FROM w
      ON CONFLICT ("visitorId") DO UPDATE
        SET "count" = CASE WHEN "RequestWindow"."windowStart" = EXCLUDED."windowStart" THEN "RequestWindow"."count" + 1 ELSE 1 END,
            "windowStart" = EXCLUDED."windowStart"
        WHERE "RequestWindow"."windowStart" <> EXCLUDED."windowStart" OR "RequestWindow"."count" < ${limit.requests}
      RETURNING "count"
    )
    SELECT (SELECT "count" FROM counted) AS "count",
           ceil(extract(epoch FROM w."start" + make_interval(secs => ${seconds}) - (now() AT TIME ZONE 'UTC')))::int AS "retryAfter"
    FROM w`;
  if (row?.count == null) {
    const retryAfterSeconds = Math.max(1, row?.retryAfter ?? seconds);
    throw new AppError("rate-limited", `Too many requests: at most ${limit.requests} every ${seconds} s. Try again in ${retryAfterSeconds} s.`, undefined, { retryAfterSeconds });
  }
}

/** Deletes windows that ended at least a window ago, a bounded batch per call (the periodic sweep). */
export async function deleteExpiredRequestWindows({ limit = appConfig().rateLimit, batch = 10_000 }: { limit?: RateLimit; batch?: number } = {}): Promise<number> {
  return db().$executeRaw`
    DELETE FROM "RequestWindow" WHERE "visitorId" IN (
      SELECT "visitorId" FROM "RequestWindow"
      WHERE "windowStart" < (now() AT TIME ZONE 'UTC') - make_interval(secs => ${2 * limit.windowSeconds})
      LIMIT ${batch})`;
}
