// What the database client costs in CPU per statement, apart from the database's own work: one
// statement sent the app's way (Prisma's client over its pg adapter, alone and inside an interactive
// transaction) and the same sent by `pg` alone, in this process against the load's database.
import pg from "pg";
import { createPrismaClient } from "@/lib/db/client";

const STATEMENTS = 4_000;
const CONCURRENCY = 8;
// Enough calls for the JIT to settle before the count starts.
const WARM_UP = 1_000;

export type ClientCost = { prisma: number; transaction: number; pg: number };

/** Microseconds of this process's CPU a call costs, over `count` calls, `CONCURRENCY` at a time. */
async function cpuPerCall(call: () => Promise<unknown>, count: number): Promise<number> {
  const run = async (calls: number) => {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let index = 0; index < calls / CONCURRENCY; index++) await call();
      }),
    );
  };
  await run(WARM_UP);
  const before = process.cpuUsage();
  await run(count);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

/** µs of client CPU a statement: through Prisma, through Prisma in a transaction (its BEGIN and COMMIT shared by three), and through pg. */
export async function measureClientCost(url: string): Promise<ClientCost> {
  const prisma = createPrismaClient(url);
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  try {
    const statement = () => prisma.$queryRaw`SELECT ${1}::int AS "one"`;
    const three = () =>
      prisma.$transaction(async (tx) => {
        for (let index = 0; index < 3; index++) await tx.$queryRaw`SELECT ${1}::int AS "one"`;
      });
    return {
      prisma: await cpuPerCall(statement, STATEMENTS),
      // Five statements a call: BEGIN, the three, COMMIT.
      transaction: (await cpuPerCall(three, STATEMENTS / 5)) / 5,
      pg: await cpuPerCall(() => pool.query(`SELECT $1::int AS "one"`, [1]), STATEMENTS),
    };
  } finally {
    await prisma.$disconnect();
    await pool.end();
  }
}
