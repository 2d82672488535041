// Test helper: an empty database of its own on the test server, for tests that need to migrate
// from nothing or break a schema on purpose without disturbing the shared test database.
import { randomBytes } from "node:crypto";
import { withSession } from "./session";

export type ScratchDatabase = { url: string; drop: () => Promise<void> };

export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `answerable_scratch_${randomBytes(6).toString("hex")}`;
  await withSession(serverUrl, (sql) => sql.unsafe(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE ends sessions a failed test left open, so the drop itself cannot hang.
    drop: () =>
      withSession(serverUrl, (sql) =>
        sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      ).then(() => undefined),
  };
}
