// `npm run db:migrate`: applies pending migrations to the database, through DATABASE_URL_UNPOOLED
// (the direct URL) when it is set, DATABASE_URL otherwise: the runner's advisory lock needs a
// session of its own, which a transaction pooler does not give.
import { migrateDatabase } from "../lib/db/migrate";
import { readDatabaseUrls } from "../lib/db/urls";
import { EnvError } from "../lib/env";

const HELP = `DATABASE_URL is not set.
  - To work locally, run \`npm run dev\`: it starts the embedded PostgreSQL under .data/postgres
    and migrates it before serving the app.
  - To migrate another database, set it (the direct URL, if your host gives two):
    DATABASE_URL_UNPOOLED=postgresql://user:password@host:5432/db npm run db:migrate`;

async function main() {
  let urls;
  try {
    urls = readDatabaseUrls(process.env);
  } catch (error) {
    if (!(error instanceof EnvError) || !/is not set/.test(error.message)) throw error;
    console.error(HELP);
    process.exit(1);
  }
  const applied = await migrateDatabase({
    connectionString: urls.direct,
    log: (line) => console.log(line),
  });
  console.log(
    applied.length
      ? `${applied.length} migration(s) applied through ${urls.directFrom}`
      : "nothing to apply",
  );
}

// No top-level await: tsx runs this package's .ts files as CommonJS (package.json has no "type").
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
