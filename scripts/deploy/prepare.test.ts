import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { DEFAULT_MIGRATIONS_DIR, readLocalMigrations } from "../../lib/db/migrate";
import { createScratchDatabase, type ScratchDatabase } from "../db/scratch-database";
import { withSession } from "../db/session";
import { prepareDeploy } from "./prepare";

const SECRET = { SESSION_SECRET: "a-long-enough-secret-for-deploys" };
// Nothing listens on port 1: a URL that would fail if the build ever used it to migrate.
const UNREACHABLE = "postgresql://postgres:password@127.0.0.1:1/answerable";

let scratch: ScratchDatabase;
beforeEach(async () => {
  scratch = await createScratchDatabase(inject("databaseUrl"));
});
afterEach(async () => {
  await scratch.drop();
});

async function appliedNames(url: string): Promise<string[]> {
  const rows = await withSession(url, (sql) =>
    sql.unsafe<{ migration_name: string }[]>(
      `SELECT migration_name FROM "_prisma_migrations" ORDER BY 1`,
    ),
  );
  return rows.map((row) => row.migration_name);
}

describe("the deploy build's preparation", () => {
  it("stops in one sentence naming SESSION_SECRET when it is missing or short", async () => {
    await expect(prepareDeploy({ DATABASE_URL_UNPOOLED: scratch.url })).rejects.toThrow(
      /^SESSION_SECRET is not set: [^\n]*\.$/,
    );
    await expect(
      prepareDeploy({ SESSION_SECRET: "short", DATABASE_URL_UNPOOLED: scratch.url }),
    ).rejects.toThrow(/^SESSION_SECRET must be at least 16 characters[^\n]*\.$/);
  });

  it("on Vercel, stops in one sentence naming CRON_SECRET when it is missing", async () => {
    await expect(
      prepareDeploy({ ...SECRET, VERCEL: "1", DATABASE_URL_UNPOOLED: scratch.url }),
    ).rejects.toThrow(/^CRON_SECRET is not set: [^\n]*\.$/);
    const rows = await withSession(scratch.url, (sql) =>
      sql.unsafe(`SELECT to_regclass('"_prisma_migrations"') AS "table"`),
    );
    expect([...rows]).toEqual([{ table: null }]);
  });

  it("stops in one sentence when no database URL is set", async () => {
    await expect(prepareDeploy(SECRET)).rejects.toThrow(
      /^DATABASE_URL is not set[^\n]*DATABASE_URL_UNPOOLED for this environment\.$/,
    );
  });

  it("migrates through the unpooled URL, once, however many builds run at once", async () => {
    const env = { ...SECRET, DATABASE_URL: UNREACHABLE, DATABASE_URL_UNPOOLED: scratch.url };
    const runs = await Promise.all([prepareDeploy(env), prepareDeploy(env), prepareDeploy(env)]);
    const local = (await readLocalMigrations(DEFAULT_MIGRATIONS_DIR)).map(
      (migration) => migration.name,
    );
    expect(runs.flat().sort()).toEqual(local);
    expect(await appliedNames(scratch.url)).toEqual(local);
  });

  it("fails the build, before `next build`, with the reason on one line", () => {
    const result = spawnSync(process.execPath, ["scripts/deploy-build.mjs"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        DATABASE_URL_UNPOOLED: UNREACHABLE,
        ...SECRET,
      },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^Build stopped: Migrations could not be applied through DATABASE_URL_UNPOOLED: [^\n]+$/,
    );
    expect(result.stdout).not.toMatch(/next build|Creating an optimized/i);
  });
});
