// Two connection strings, as hosted Postgres integrations hand them out (Vercel's Neon one sets
// exactly these names): a pooled one for short queries, and a direct one for what needs a session
// of its own: LISTEN, and migrations under a session-level advisory lock.
import { env, type EnvSource, missingVariable, parseVariables } from "../env";

export type DatabaseUrls = {
  /** For Prisma's queries: a transaction pooler is fine, and on serverless it is the right choice. */
  pooled: string;
  /** For LISTEN and migrations: must reach Postgres itself, or a session-mode pooler. */
  direct: string;
  /** Which variable the direct URL came from, for start-up logs and /api/health. */
  directFrom: "DATABASE_URL_UNPOOLED" | "DATABASE_URL";
};

/**
 * Both URLs, from this process's environment or from `source` (scripts); when only one is set it
 * serves both purposes. Neither set is an EnvError, which the start-up check reports first.
 */
export function readDatabaseUrls(source?: EnvSource): DatabaseUrls {
  const { DATABASE_URL, DATABASE_URL_UNPOOLED } = source ? parseVariables(source, ["DATABASE_URL", "DATABASE_URL_UNPOOLED"]) : env();
  const pooled = DATABASE_URL ?? DATABASE_URL_UNPOOLED;
  const direct = DATABASE_URL_UNPOOLED ?? DATABASE_URL;
  // Only `next build` parses the environment without requiring one, and it never opens the database.
  if (!pooled || !direct) throw missingVariable("DATABASE_URL");
  return { pooled, direct, directFrom: DATABASE_URL_UNPOOLED ? "DATABASE_URL_UNPOOLED" : "DATABASE_URL" };
}
