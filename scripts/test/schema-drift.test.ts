import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { Prisma } from "../../lib/db/generated/client";
import { DEFAULT_MIGRATIONS_DIR, migrateDatabase, readLocalMigrations } from "../../lib/db/migrate";
import { columnFields, parsePrismaSchema, type PrismaSchema } from "./prisma-schema";
import { createScratchDatabase } from "../db/scratch-database";
import { findSchemaDrift, readCatalog } from "./schema-drift";

let schema: PrismaSchema;

beforeAll(async () => {
  schema = parsePrismaSchema(
    await readFile(resolve(process.cwd(), "prisma/schema.prisma"), "utf8"),
  );
});

async function driftOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return findSchemaDrift(schema, await readCatalog(client));
  } finally {
    await client.end();
  }
}

describe("schema drift", () => {
  it("reads the same models and scalar fields as the generated client", () => {
    // Guards the small parser: Prisma's own reading of the schema, as generated, must agree.
    expect(schema.models.map((model) => model.name).sort()).toEqual(
      Object.values(Prisma.ModelName).sort(),
    );
    const generated = Prisma as unknown as Record<string, Record<string, string>>;
    for (const model of schema.models) {
      const scalarEnum = generated[`${model.name}ScalarFieldEnum`];
      expect(scalarEnum, model.name).toBeDefined();
      expect(
        columnFields(model, schema).map((field) => field.name),
        model.name,
      ).toEqual(Object.values(scalarEnum!));
    }
    expect(schema.enums.size).toBeGreaterThan(0);
  });

  it("finds nothing between schema.prisma and the migrated database", async () => {
    expect(await driftOf(inject("databaseUrl"))).toEqual([]);
  });

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
