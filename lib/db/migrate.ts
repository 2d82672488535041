// Applies the SQL migrations without Prisma's schema engine (not downloadable here), recording them as
// `prisma migrate deploy` does so either tool can take over; its session lock needs the direct URL.
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import postgres from "postgres";

// The key `prisma migrate` itself locks on, so this runner and Prisma exclude each other too.
export const MIGRATION_LOCK_KEY = 72707369;

export const DEFAULT_MIGRATIONS_DIR = resolve(process.cwd(), "prisma/migrations");

// Prisma's DDL for its history table (schema engine, PostgreSQL flavour).
const CREATE_HISTORY_TABLE = `CREATE TABLE "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export type LocalMigration = { name: string; sql: string; checksum: string };

export type MigrateOptions = {
  connectionString: string;
  migrationsDir?: string;
  log?: (message: string) => void;
};

export class MigrationError extends Error {
  override name = "MigrationError";
}

export function checksumOf(script: string): string {
  return createHash("sha256").update(script, "utf8").digest("hex");
}

// Prisma accepts a file whose line endings git rewrote, so the comparison does too.
function matchesChecksum(script: string, checksum: string): boolean {
  return checksumOf(script) === checksum || checksumOf(script.replace(/\r\n/g, "\n")) === checksum;
}

export async function readLocalMigrations(migrationsDir: string): Promise<LocalMigration[]> {
  if (!existsSync(migrationsDir))
    throw new MigrationError(`no migrations folder at ${migrationsDir}`);
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter(
      (entry) =>
        entry.isDirectory() && existsSync(join(migrationsDir, entry.name, "migration.sql")),
    )
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: checksumOf(sql) };
    }),
  );
}

type HistoryRow = { migration_name: string; checksum: string; finished_at: Date | null };

/** In name order; returns the names it applied. */
export async function migrateDatabase({
  connectionString,
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
  log = () => {},
}: MigrateOptions): Promise<string[]> {
  const local = await readLocalMigrations(migrationsDir);
  // One connection: the lock and every migration's transaction share its session.
  const sql = postgres(connectionString, {
    max: 1,
    prepare: false,
    onnotice: () => {},
    connect_timeout: 15,
  });
  try {
    // Concurrent runs (two deploys) wait here, then find nothing to apply; released by Postgres if the process dies.
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      return await applyPending(sql, local, log);
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await sql.end();
  }
}

async function applyPending(
  sql: postgres.Sql,
  local: LocalMigration[],
  log: (message: string) => void,
): Promise<string[]> {
  const [exists] = await sql<
    { t: string | null }[]
  >`SELECT to_regclass('"_prisma_migrations"')::text AS t`;
  if (!exists?.t) await sql.unsafe(CREATE_HISTORY_TABLE);

  const history = await sql<HistoryRow[]>`
    SELECT migration_name, checksum, finished_at FROM "_prisma_migrations"
    WHERE rolled_back_at IS NULL ORDER BY started_at`;
  const byName = new Map(local.map((migration) => [migration.name, migration]));
  const applied = new Set<string>();
  for (const row of history) {
    if (!row.finished_at) {
      throw new MigrationError(
        `migration ${row.migration_name} failed earlier (see "_prisma_migrations".logs). Fix the ` +
          `database, then mark it rolled back (\`prisma migrate resolve --rolled-back ` +
          `${row.migration_name}\`, or set rolled_back_at = now() on its row) and run again.`,
      );
    }
    const file = byName.get(row.migration_name);
    if (!file) {
      log(`warning: ${row.migration_name} is applied but missing from the migrations folder`);
    } else if (!matchesChecksum(file.sql, row.checksum)) {
      throw new MigrationError(
        `migration ${row.migration_name} was modified after it was applied (checksum differs). ` +
          `Restore the file and put the change in a new migration.`,
      );
    }
    applied.add(row.migration_name);
  }

  const pending = local.filter((migration) => !applied.has(migration.name));
  if (pending.length === 0) log("database is up to date");
  for (const migration of pending) {
    await applyOne(sql, migration);
    log(`applied ${migration.name}`);
  }
  return pending.map((migration) => migration.name);
}

async function applyOne(sql: postgres.Sql, migration: LocalMigration) {
  const id = randomUUID();
  try {
    await sql.begin(async (tx) => {
      await tx`
        INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
        VALUES (${id}, ${migration.checksum}, ${migration.name}, now(), 0)`;
      // No parameters: the simple query protocol runs the whole multi-statement script.
      await tx.unsafe(migration.sql);
      await tx`
        UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1
        WHERE id = ${id}`;
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Recorded as Prisma records a failed migration, so the next run stops until someone looks.
    await sql`
      INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, started_at, applied_steps_count)
      VALUES (${id}, ${migration.checksum}, ${migration.name}, ${message}, now(), 0)`;
    throw new MigrationError(`migration ${migration.name} failed and was rolled back: ${message}`);
  }
}
