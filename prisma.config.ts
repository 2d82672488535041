import { defineConfig } from "prisma/config";
import { runDatabaseUrl } from "./scripts/env";

// `env()` from prisma/config throws when the variable is unset, but `prisma generate` needs no
// database, so the URL is read leniently here.
const url = runDatabaseUrl();

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  ...(url ? { datasource: { url } } : {}),
});
