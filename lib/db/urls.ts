// A pooled URL for short queries and a direct one for what needs its own session: LISTEN, and
// migrations under a session-level advisory lock.
import { env, type EnvSource, missingVariable, parseVariables } from "../env";

export type DatabaseUrls = {
  /** A transaction pooler is fine, and on serverless the right choice. */
  pooled: string;
  /** Must reach Postgres itself, or a session-mode pooler. */
  direct: string;
  /** Which variable the direct URL came from, for start-up logs and /api/health. */
  directFrom: "DATABASE_URL_UNPOOLED" | "DATABASE_URL";
};

/** When only one is set it serves both; neither set is an EnvError, which the start-up check reports first. */
export function readDatabaseUrls(source?: EnvSource): DatabaseUrls {
  const { DATABASE_URL, DATABASE_URL_UNPOOLED } = source
    ? parseVariables(source, ["DATABASE_URL", "DATABASE_URL_UNPOOLED"])
    : env();
  const pooled = DATABASE_URL ?? DATABASE_URL_UNPOOLED;
  const direct = DATABASE_URL_UNPOOLED ?? DATABASE_URL;
  // Only `next build` parses the environment without requiring one, and it never opens the database.
  if (!pooled || !direct) throw missingVariable("DATABASE_URL");
  return {
    pooled,
    direct,
    directFrom: DATABASE_URL_UNPOOLED ? "DATABASE_URL_UNPOOLED" : "DATABASE_URL",
  };
}
