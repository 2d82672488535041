import { afterAll, beforeAll, inject } from "vitest";
import { disconnectDb } from "../../lib/db/client";
import { resetEnv } from "../../lib/env";
import { migrateDatabase } from "../../lib/db/migrate";
import { createScratchDatabase, type ScratchDatabase } from "./scratch-database";

/**
 * Gives the calling test file a migrated database of its own, for tests that read or sweep every
 * row of a table, which other files write at the same time. It is dropped when the file ends.
 */
export function scratchDatabaseForFile(): () => ScratchDatabase {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await createScratchDatabase(inject("databaseUrl"));
    await migrateDatabase({ connectionString: scratch.url });
    process.env.DATABASE_URL = scratch.url;
    resetEnv();
  }, 60_000);
  afterAll(async () => {
    await disconnectDb();
    await scratch.drop();
  });
  return () => scratch;
}
