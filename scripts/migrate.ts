// `npm run db:migrate`: applies pending migrations to the database named by DATABASE_URL.
import { z } from "zod";
import { migrateDatabase } from "../lib/db/migrate";

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

const HELP = `DATABASE_URL is not set.
  - To work locally, run \`npm run dev\`: it starts the embedded PostgreSQL under .data/postgres
    and migrates it before serving the app.
  - To migrate another database, set it:
    DATABASE_URL=postgresql://user:password@host:5432/db npm run db:migrate`;

async function main() {
  const env = envSchema.safeParse(process.env);
  if (!env.success) throw new Error(`DATABASE_URL ${env.error.issues[0]?.message ?? "is invalid"}`);
  const url = env.data.DATABASE_URL;
  if (!url) {
    console.error(HELP);
    process.exit(1);
  }
  const applied = await migrateDatabase({ connectionString: url, log: (line) => console.log(line) });
  console.log(applied.length ? `${applied.length} migration(s) applied` : "nothing to apply");
}

// No top-level await: tsx runs this package's .ts files as CommonJS (package.json has no "type").
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
