// Vitest global setup: gives every test a migrated PostgreSQL. Uses DATABASE_URL when set
// (scripts/test.mjs sets it), otherwise starts a throwaway embedded cluster for this run.
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../../lib/db/migrate";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded";

declare module "vitest" {
  interface ProvidedContext {
    databaseUrl: string;
  }
}

let embedded: EmbeddedDatabase | undefined;

export async function setup(project: TestProject) {
  let url = process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedDatabase({ persistent: false });
    url = embedded.url;
  }
  await migrateDatabase({ connectionString: url });
  process.env.DATABASE_URL = url;
  project.provide("databaseUrl", url);
}

export async function teardown() {
  await embedded?.stop();
  embedded = undefined;
}
