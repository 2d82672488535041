import { defineConfig } from "prisma/config";

// `env()` from prisma/config throws when the variable is unset, but `prisma generate` needs no
// database, so the URL is read leniently here.
const url = process.env.DATABASE_URL;

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  ...(url ? { datasource: { url } } : {}),
});
