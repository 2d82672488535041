// No `import "server-only"`: vitest and the tsx scripts import it too, and that package throws outside RSC.
import { forget, remember } from "@epic-web/remember";
import { PrismaPg } from "@prisma/adapter-pg";
import { attachDatabasePool } from "@vercel/functions";
import pg from "pg";
import { PrismaClient, type Prisma } from "./generated/client";
import { readDatabaseUrls } from "./urls";

export { readDatabaseUrls, type DatabaseUrls } from "./urls";

export type Db = PrismaClient;
/** Repository functions take the client inside `db().$transaction`. */
export type Tx = Prisma.TransactionClient;

// Many instances may share the database, so each keeps few connections and drops idle ones after
// 5 s (Vercel's advice), before a suspended instance leaves them for the database to reap.
const POOL = { max: 10, idleTimeoutMillis: 5_000, connectionTimeoutMillis: 10_000 };

/** Read lazily so that `next build` never throws. */
export function readDatabaseUrl(): string {
  return readDatabaseUrls().pooled;
}

// Before 503 busy. Prisma's 2 s default refused picks queued behind one chat's lock on a loaded
// machine; 5 s still bounds a request's wait.
const TRANSACTION_MAX_WAIT_MS = 5_000;

type Pooled = { prisma: PrismaClient; pool: pg.Pool };

export function createPrismaClient(connectionString: string): PrismaClient {
  return createPooledClient(connectionString).prisma;
}

function createPooledClient(connectionString: string): Pooled {
  const pool = new pg.Pool({ connectionString, ...POOL });
  // An idle connection the database closes must not crash the process; the pool drops it.
  pool.on("error", (error) =>
    console.error("database: an idle pooled connection failed", error.message),
  );
  // On Vercel: keeps an instance from suspending while idle connections are still open.
  attachDatabasePool(pool);
  return {
    prisma: new PrismaClient({
      adapter: new PrismaPg(pool),
      transactionOptions: { maxWait: TRANSACTION_MAX_WAIT_MS },
    }),
    pool,
  };
}

// One pool per process, remembered on globalThis: Next dev reloads modules, and the proxy runs in the routes' process.
const CLIENT = "answerable.db";

export function db(): PrismaClient {
  return remember(CLIENT, () => createPooledClient(readDatabaseUrl())).prisma;
}

/** For scripts and test teardown. */
export async function disconnectDb(): Promise<void> {
  // Read without creating one: nothing remembered reads as undefined, then is forgotten.
  const current = remember<Pooled | undefined>(CLIENT, () => undefined);
  forget(CLIENT);
  await current?.prisma.$disconnect();
  await current?.pool.end();
}
