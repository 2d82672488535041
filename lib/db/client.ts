// The one Prisma client module. No `import "server-only"`: vitest and the tsx scripts import it
// too, and that package throws outside a React Server Components build.
import { PrismaPg } from "@prisma/adapter-pg";
import { z } from "zod";
import { PrismaClient, type Prisma } from "./generated/client";

export type Db = PrismaClient;
/** The client inside `db().$transaction(async (tx) => ...)`; repository functions take this. */
export type Tx = Prisma.TransactionClient;

const databaseEnv = z.object({
  DATABASE_URL: z
    .string({ error: "DATABASE_URL is not set (npm run dev and npm test start a database and set it)" })
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL"),
});

/** DATABASE_URL, read lazily so that importing this module (e.g. during `next build`) never throws. */
export function readDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return databaseEnv.parse(env).DATABASE_URL;
}

// How long a transaction may wait for a pooled connection before the request is answered 503
// busy. Prisma's 2 s default refused picks queued behind one chat's lock on a loaded machine,
// while the lock holders were still moving; 5 s still bounds a request's wait.
const TRANSACTION_MAX_WAIT_MS = 5_000;

export function createPrismaClient(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString }), transactionOptions: { maxWait: TRANSACTION_MAX_WAIT_MS } });
}

// Next dev reloads modules on every change; the cache on globalThis keeps one pool per process.
const globalForDb = globalThis as typeof globalThis & { answerablePrisma?: PrismaClient };
let client: PrismaClient | undefined;

/** The shared client, created on first use. */
export function db(): PrismaClient {
  client ??= globalForDb.answerablePrisma ?? createPrismaClient(readDatabaseUrl());
  if (process.env.NODE_ENV !== "production") globalForDb.answerablePrisma = client;
  return client;
}

/** Closes the shared client's pool (scripts and test teardown). */
export async function disconnectDb(): Promise<void> {
  const current = client ?? globalForDb.answerablePrisma;
  client = undefined;
  globalForDb.answerablePrisma = undefined;
  await current?.$disconnect();
}
