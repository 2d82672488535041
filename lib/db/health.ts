import { isDatabaseUnavailable } from "@/lib/http/errors";
import { db } from "./client";

export type DatabaseHealth = { reachable: false } | { reachable: true; oldestStuckTurnSeconds: number | null };

/**
 * Whether the database answers, and for how long the longest-stuck turn has waited for a sweep or
 * a reader: the seconds since the lease lapsed of the oldest `running` turn whose lease lapsed
 * (its process died), null when none is. One statement, the first row of the Turn(status,
 * leaseExpiresAt) index, so the load scripts can keep using health as their baseline request.
 * A failure's reason is logged, never returned.
 */
export async function checkDatabase(): Promise<DatabaseHealth> {
  try {
    const [row] = await db().$queryRaw<{ stuck: number | null }[]>`
      SELECT extract(epoch FROM now() - min("leaseExpiresAt"))::float8 AS "stuck" FROM "Turn" WHERE "status" = 'running' AND "leaseExpiresAt" < now()`;
    const stuck = row?.stuck ?? null;
    return { reachable: true, oldestStuckTurnSeconds: stuck === null ? null : Math.floor(stuck) };
  } catch (error) {
    console.error("health: database unreachable", error);
    return { reachable: false };
  }
}

// Pages requested together during an outage share one probe, not a connection attempt each.
let probing: Promise<boolean> | undefined;

/**
 * Whether the database fails a trivial query right now: a page is then answered 503 before it
 * renders, as it could not render without it. Any failure counts, not only those the API calls
 * `database-unavailable`: a pooled connection cut a moment ago fails with its own error first.
 */
export function databaseOutage(): Promise<boolean> {
  probing ??= db()
    .$queryRaw`SELECT 1`.then(
      () => false,
      (error: unknown) => {
        console.error(isDatabaseUnavailable(error) ? "Database unavailable; a page answered 503" : "Database failed a probe; a page answered 503", error instanceof Error ? error.message : error);
        return true;
      },
    )
    .finally(() => (probing = undefined));
  return probing;
}
