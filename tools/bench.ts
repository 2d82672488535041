// `npm run bench`: prints the project's speed figures, as ratios to baselines measured in the same
// run. Runs every module in tools/bench/ (each default-exports an async function that prints).
// Uses DATABASE_URL, or starts a throwaway embedded PostgreSQL for the database figures.
// `npm run bench -- write-amplification` runs only the modules named.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { disconnectDb } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { startEmbeddedDatabase } from "@/scripts/db/embedded";
import { LOAD_ENV } from "./load/context";

async function main() {
  // The bench makes thousands of visitors and requests in seconds: no limit may refuse them.
  Object.assign(process.env, LOAD_ENV);
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedDatabase({ persistent: false });
  try {
    const url = process.env.DATABASE_URL ?? embedded!.url;
    process.env.DATABASE_URL = url;
    await migrateDatabase({ connectionString: url });
    const folder = join(__dirname, "bench");
    const only = process.argv.slice(2);
    const chosen = (name: string) =>
      name.endsWith(".ts") && (only.length === 0 || only.includes(name.slice(0, -3)));
    for (const file of readdirSync(folder).filter(chosen).sort()) {
      const bench = (await import(join(folder, file))) as { default: () => Promise<void> };
      await bench.default();
    }
  } finally {
    await disconnectDb();
    await embedded?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
