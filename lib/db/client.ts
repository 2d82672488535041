// The one Prisma client module. No `import "server-only"`: vitest and the tsx scripts import it
// too, and that package throws outside a React Server Components build.
import { PrismaPg } from "@prisma/adapter-pg";
import { attachDatabasePool } from "@vercel/functions";
import pg from "pg";
import { PrismaClient, type Prisma } from "./generated/client";
import { readDatabaseUrls } from "./urls";

export { readDatabaseUrls, type DatabaseUrls } from "./urls";

export type Db = PrismaClient;
/** The client inside `db().$transaction(async (tx) => ...)`; repository functions take this. */
export type Tx = Prisma.TransactionClient;

// Sized for serverless: one instance serves many requests at once on Fluid compute, but dozens of
// instances may share the database, so each keeps few connections and lets idle ones go after
// 5 s (Vercel's advice), before a suspended instance would leave them for the database to reap.
const POOL = { max: 10, idleTimeoutMillis: 5_000, connectionTimeoutMillis: 10_000 };

/** The pooled URL (DATABASE_URL, or the only one set), read lazily so that `next build` never throws. */
export function readDatabaseUrl(): string {
  return readDatabaseUrls().pooled;
}

// How long a transaction may wait for a pooled connection before the request is answered 503
// busy. Prisma's 2 s default refused picks queued behind one chat's lock on a loaded machine,
// while the lock holders were still moving; 5 s still bounds a request's wait.
const TRANSACTION_MAX_WAIT_MS = 5_000;

type Pooled = { prisma: PrismaClient; pool: pg.Pool };

export function createPrismaClient(connectionString: string): PrismaClient {
  return createPooledClient(connectionString).prisma;
}

function createPooledClient(connectionString: string): Pooled {
  const pool = new pg.Pool({ connectionString, ...POOL });
  // An idle connection the database or its pooler closes must not crash the process; the pool
  // drops it and the next query opens another.
  pool.on("error", (error) => console.error("database: an idle pooled connection failed", error.message));
  // On Vercel: keeps an instance from suspending while idle connections are still open.
  attachDatabasePool(pool);
  return { prisma: new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: { maxWait: TRANSACTION_MAX_WAIT_MS } }), pool };
}

// One pool per process, kept on globalThis: Next dev reloads modules on every change, and the
// proxy, bundled apart from the routes but run in their process, asks the same pool.
const globalForDb = globalThis as typeof globalThis & { answerablePrisma?: Pooled };
let client: Pooled | undefined;

/** The shared client over the pooled URL, created on first use. */
export function db(): PrismaClient {
  client ??= globalForDb.answerablePrisma ??= createPooledClient(readDatabaseUrl());
  return client.prisma;
}

/** Closes the shared client and its pool (scripts and test teardown). */
export async function disconnectDb(): Promise<void> {
  const current = client ?? globalForDb.answerablePrisma;
  client = undefined;
  globalForDb.answerablePrisma = undefined;
  await current?.prisma.$disconnect();
  await current?.pool.end();
}
