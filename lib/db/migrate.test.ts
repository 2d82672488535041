import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import {
  checksumOf,
  DEFAULT_MIGRATIONS_DIR,
  migrateDatabase,
  readLocalMigrations,
} from "./migrate";
import { createScratchDatabase, type ScratchDatabase } from "../../scripts/db/scratch-database";
import { withSession } from "../../scripts/db/session";

let scratch: ScratchDatabase;

beforeEach(async () => {
  scratch = await createScratchDatabase(inject("databaseUrl"));
});
afterEach(async () => {
  await scratch.drop();
});

async function query<T extends Record<string, unknown>>(text: string, params: string[] = []) {
  return [...(await withSession(scratch.url, (sql) => sql.unsafe<T[]>(text, params)))];
}

async function copyMigrations() {
  const dir = await mkdtemp(join(tmpdir(), "answerable-migrations-"));
  await cp(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

describe("migrateDatabase", () => {
  it("applies every migration once, then nothing", async () => {
    const local = await readLocalMigrations(DEFAULT_MIGRATIONS_DIR);
    expect(local.length).toBeGreaterThan(0);

    const first = await migrateDatabase({ connectionString: scratch.url });
    expect(first).toEqual(local.map((migration) => migration.name));
    const second = await migrateDatabase({ connectionString: scratch.url });
    expect(second).toEqual([]);

    const tables = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'Chat'`,
    );
    expect(tables[0]?.n).toBe(1);
  });

  it("applies exactly once when three runs race", async () => {
    const runs = await Promise.all(
      [1, 2, 3].map(() => migrateDatabase({ connectionString: scratch.url })),
    );
    const applied = runs.flat();
    const local = await readLocalMigrations(DEFAULT_MIGRATIONS_DIR);
    expect(applied.sort()).toEqual(local.map((migration) => migration.name).sort());
    const rows = await query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations"`,
    );
    expect(rows).toHaveLength(local.length);
  });

  it("records rows the way prisma migrate does", async () => {
    await migrateDatabase({ connectionString: scratch.url });
    const columns = await query<{ column_name: string; data_type: string; is_nullable: string }>(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => [c.column_name, c.data_type, c.is_nullable])).toEqual([
      ["id", "character varying", "NO"],
      ["checksum", "character varying", "NO"],
      ["finished_at", "timestamp with time zone", "YES"],
      ["migration_name", "character varying", "NO"],
      ["logs", "text", "YES"],
      ["rolled_back_at", "timestamp with time zone", "YES"],
      ["started_at", "timestamp with time zone", "NO"],
      ["applied_steps_count", "integer", "NO"],
    ]);

    const local = await readLocalMigrations(DEFAULT_MIGRATIONS_DIR);
    const rows = await query<{
      id: string;
      checksum: string;
      migration_name: string;
      logs: string | null;
      rolled_back_at: Date | null;
      started_at: Date;
      finished_at: Date | null;
      applied_steps_count: number;
    }>(`SELECT * FROM "_prisma_migrations" ORDER BY migration_name`);
    expect(rows).toHaveLength(local.length);
    rows.forEach((row, index) => {
      const migration = local[index]!;
      expect(row.migration_name).toBe(migration.name);
      expect(row.checksum).toBe(checksumOf(migration.sql));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.logs).toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
    });
  });

  it("refuses to continue when an applied migration was edited", async () => {
    const dir = await copyMigrations();
    try {
      const [first] = await readLocalMigrations(dir);
      await migrateDatabase({ connectionString: scratch.url, migrationsDir: dir });
      await writeFile(join(dir, first!.name, "migration.sql"), `${first!.sql}\n-- edited\n`);
      await expect(
        migrateDatabase({ connectionString: scratch.url, migrationsDir: dir }),
      ).rejects.toThrow(/was modified after it was applied/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("rolls back a failing migration, records it, and refuses until it is resolved", async () => {
    const dir = await copyMigrations();
    try {
      const broken = "99990101000000_broken";
      await cp(join(dir, (await readLocalMigrations(dir))[0]!.name), join(dir, broken), {
        recursive: true,
      });
      await writeFile(
        join(dir, broken, "migration.sql"),
        `CREATE TABLE "Half" (id INT);\nSELECT no_such_function();\n`,
      );

      await expect(
        migrateDatabase({ connectionString: scratch.url, migrationsDir: dir }),
      ).rejects.toThrow(/99990101000000_broken failed and was rolled back/);
      const half = await query<{ t: string | null }>(`SELECT to_regclass('"Half"')::text AS t`);
      expect(half[0]?.t).toBeNull();
      const failed = await query<{ finished_at: Date | null; logs: string | null }>(
        `SELECT finished_at, logs FROM "_prisma_migrations" WHERE migration_name = $1`,
        [broken],
      );
      expect(failed).toHaveLength(1);
      expect(failed[0]?.finished_at).toBeNull();
      expect(failed[0]?.logs).toMatch(/no_such_function/);

      await expect(
        migrateDatabase({ connectionString: scratch.url, migrationsDir: dir }),
      ).rejects.toThrow(/failed earlier/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
