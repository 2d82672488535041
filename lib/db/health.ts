import { isDatabaseUnavailable } from "@/lib/http/errors";
import { db } from "./client";

export type DatabaseHealth =
  { reachable: false } | { reachable: true; oldestStuckTurnSeconds: number | null };

/**
 * `oldestStuckTurnSeconds`: since the oldest lapsed lease of a `running` turn, null when none. One
 * statement on the Turn(status, leaseExpiresAt) index, so load scripts keep health as their baseline.
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
 * A page is answered 503 before it renders. Any failure counts: a pooled connection cut a moment ago
 * fails with its own error before `database-unavailable`.
 */
export function databaseOutage(): Promise<boolean> {
  probing ??= db().$queryRaw`SELECT 1`
    .then(
      () => false,
      (error: unknown) => {
        console.error(
          isDatabaseUnavailable(error)
            ? "Database unavailable; a page answered 503"
            : "Database failed a probe; a page answered 503",
          error instanceof Error ? error.message : error,
        );
        return true;
      },
    )
    .finally(() => (probing = undefined));
  return probing;
}

/**
 * Whether the database answered one round trip. Silent: an outage is logged by the reads that
 * fail in it, and this is asked every second or two while pages watch a chat.
 */
export function databaseAnswers(): Promise<boolean> {
  return db().$queryRaw`SELECT 1`.then(
    () => true,
    () => false,
  );
}
