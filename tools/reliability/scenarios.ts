// The scenario loop `npm run reliability` and `npm run load` share.
import { migrateDatabase } from "@/lib/db/migrate";
import { Rows } from "./chats";
import { type Database, startScratchDatabase } from "./server";

/**
 * Runs the chosen scenarios in their order on a scratch database: `prepare` has it first (it may
 * restart it), then it is migrated and each scenario gets the context built on it and a `Rows`
 * reader. The reader and the database are gone afterwards, whatever a scenario threw.
 */
export async function runScenarios<Context>({
  prefix,
  scenarios,
  only,
  prepare,
  context,
}: {
  prefix: string;
  scenarios: ReadonlyArray<{ name: string; run: (context: Context) => Promise<void> }>;
  only: readonly string[];
  prepare?: (database: Database) => Promise<void>;
  context: (database: Database, rows: Rows) => Context;
}): Promise<void> {
  const { database, remove } = await startScratchDatabase(prefix);
  let rows: Rows | undefined;
  try {
    await prepare?.(database);
    rows = new Rows(database.url);
    await migrateDatabase({ connectionString: database.url });
    const shared = context(database, rows);
    for (const scenario of scenarios.filter((each) => only.includes(each.name))) {
      console.log(`▶ ${scenario.name}`);
      await scenario.run(shared);
    }
  } finally {
    await rows?.close();
    await remove();
  }
}
