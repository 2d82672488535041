import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_MIGRATIONS_DIR, migrateDatabase, readLocalMigrations } from "../../lib/db/migrate";
import { createScratchDatabase } from "../db/scratch-database";
import { parsePrismaSchema, type PrismaSchema } from "./prisma-schema";
import { withSession } from "../db/session";
import { findSchemaDrift, readCatalog } from "./schema-drift";

let schema: PrismaSchema;

beforeAll(async () => {
  schema = parsePrismaSchema(
    await readFile(resolve(process.cwd(), "prisma/schema.prisma"), "utf8"),
  );
});

async function driftOf(url: string) {
  return withSession(url, async (sql) => findSchemaDrift(schema, await readCatalog(sql)));
}

describe("schema drift", () => {
  it("finds nothing between schema.prisma and the migrated database", async () => {
    expect(await driftOf(inject("databaseUrl"))).toEqual([]);
  });

  // The check above passes only because it finds nothing: this one shows it finds what is there.
  it("reports a migration that forgets a column, a unique constraint, an enum value and a cascade", async () => {
    const scratch = await createScratchDatabase(inject("databaseUrl"));
    const dir = await mkdtemp(join(tmpdir(), "answerable-broken-"));
    try {
      await cp(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true });
      const [init] = await readLocalMigrations(dir);
      const broken = init!.sql
        .replace(`    "title" TEXT NOT NULL,\n`, "")
        .replace(/CREATE UNIQUE INDEX "Item_chatId_position_key"[^\n]*\n/, "")
        .replace(`'pending', 'approving'`, `'pending'`)
        .replace(
          `"Item_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "Chat"("id") ON DELETE CASCADE`,
          `"Item_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "Chat"("id") ON DELETE RESTRICT`,
        )
        .replace(`"parentToolUseId" TEXT,`, `"parentToolUseId" TEXT NOT NULL,`);
      expect(broken).not.toBe(init!.sql);
      await writeFile(
        join(dir, init!.name, "migration.sql"),
        `${broken}\nCREATE TABLE "Stray" ("id" INTEGER);\n`,
      );
      await migrateDatabase({ connectionString: scratch.url, migrationsDir: dir });

      const drift = await driftOf(scratch.url);
      expect(drift).toContain("column Chat.title is missing");
      expect(drift).toContain("unique constraint on Item(chatId, position) is missing");
      expect(drift).toContain("column Item.parentToolUseId is NOT NULL, expected nullable");
      expect(drift).toContain("table Stray is not in schema.prisma");
      expect(drift.some((line) => line.startsWith("enum ConfirmationStatus has"))).toBe(true);
      expect(drift.some((line) => line.startsWith("foreign key Item(chatId) is"))).toBe(true);
      expect(drift).toHaveLength(6);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await scratch.drop();
    }
  });
});
