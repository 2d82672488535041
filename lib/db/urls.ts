// Two connection strings, as hosted Postgres integrations hand them out (Vercel's Neon one sets
// exactly these names): a pooled one for short queries, and a direct one for what needs a session
// of its own: LISTEN, and migrations under a session-level advisory lock.
import { z } from "zod";

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
  .optional()
  // A variable set to nothing (a template's placeholder) counts as unset.
  .or(z.literal("").transform(() => undefined));

const databaseEnv = z.object({ DATABASE_URL: postgresUrl, DATABASE_URL_UNPOOLED: postgresUrl });

export type DatabaseUrls = {
  /** For Prisma's queries: a transaction pooler is fine, and on serverless it is the right choice. */
  pooled: string;
  /** For LISTEN and migrations: must reach Postgres itself, or a session-mode pooler. */
  direct: string;
  /** Which variable the direct URL came from, for start-up logs and /api/health. */
  directFrom: "DATABASE_URL_UNPOOLED" | "DATABASE_URL";
};

export class DatabaseUrlError extends Error {
  override name = "DatabaseUrlError";
}

/** Reads both URLs; when only one is set it serves both purposes. */
export function readDatabaseUrls(env: Record<string, string | undefined> = process.env): DatabaseUrls {
  const parsed = databaseEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DatabaseUrlError(`${String(issue?.path[0] ?? "DATABASE_URL")} ${issue?.message ?? "is invalid"}.`);
  }
  const { DATABASE_URL: pooled, DATABASE_URL_UNPOOLED: direct } = parsed.data;
  if (!pooled && !direct) {
    throw new DatabaseUrlError("DATABASE_URL is not set (npm run dev and npm test start a database and set it).");
  }
  return {
    pooled: pooled ?? direct!,
    direct: direct ?? pooled!,
    directFrom: direct ? "DATABASE_URL_UNPOOLED" : "DATABASE_URL",
  };
}
