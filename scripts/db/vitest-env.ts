// Runs in every test worker before its test file: makes the global setup's database the one that
// `lib/db/client.ts` (and anything else reading DATABASE_URL) connects to.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
// Tests never call a model, even from a shell that sets AGENT=model and a key; children inherit this.
process.env.AGENT = "mock";
