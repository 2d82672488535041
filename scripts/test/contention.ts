// Test support: requests that queue behind a row lock, for the races the chat host must survive.
import { db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";

type Line = {
  /** Start each call only once the one before it waits, so they take the lock in this order. */
  inOrder?: boolean;
  /** Runs once every call waits, before the lock is released, in the holder's transaction: what lands between their reads and their turn. */
  whileHeld?: (tx: Tx) => Promise<unknown>;
};

/**
 * Starts `calls` while another transaction holds the chat's lock, and releases it once every call
 * waits for it (or has already settled). The first statement of each call then reads as of before
 * any of them wrote, though each gets the lock only after the one before it committed: the race
 * a statement that locks the chat and reads in one round trip must survive.
 */
export async function behindChatLock<T>(
  chatId: string,
  calls: Array<() => Promise<T>>,
  line: Line = {},
): Promise<PromiseSettledResult<T>[]> {
  return behindRowLock("Chat", chatId, calls, line);
}

/** `behindChatLock` for any row a call must lock or reference: a chat, or an item a reading refers to. */
export async function behindRowLock<T>(
  table: "Chat" | "Item",
  id: string,
  calls: Array<() => Promise<T>>,
  { inOrder = false, whileHeld }: Line = {},
): Promise<PromiseSettledResult<T>[]> {
  let results: Promise<PromiseSettledResult<T>[]> | undefined;
  await db().$transaction(
    async (tx) => {
      const [holder] = await tx.$queryRaw<
        { pid: number }[]
      >`SELECT pg_backend_pid() AS "pid" FROM ${Prisma.raw(`"${table}"`)} WHERE "id" = ${id}::uuid FOR UPDATE`;
      let settled = 0;
      // Each call's outcome is taken as it settles, so one refused while others wait is no unhandled rejection.
      const started: Promise<PromiseSettledResult<T>>[] = [];
      // No event says a session began to wait: the database is asked until all do.
      const lined = async (count: number) => {
        while (settled + (await waitingBehind(holder!.pid)) < count);
      };
      for (const call of calls) {
        started.push(
          Promise.allSettled([call().finally(() => settled++)]).then(([outcome]) => outcome!),
        );
        if (inOrder) await lined(started.length);
      }
      results = Promise.all(started);
      await lined(calls.length);
      await whileHeld?.(tx);
    },
    { timeout: 15_000 },
  );
  return results!;
}

/** How many sessions wait for a lock the holder has, directly or in line behind another waiter. */
async function waitingBehind(holder: number): Promise<number> {
  const [row] = await db().$queryRaw<{ waiting: number }[]>`
    WITH RECURSIVE waiting AS (
      SELECT pid FROM pg_stat_activity WHERE ${holder}::int = ANY(pg_blocking_pids(pid))
      UNION
      SELECT activity.pid FROM pg_stat_activity activity JOIN waiting ON waiting.pid = ANY(pg_blocking_pids(activity.pid))
    )
    SELECT count(*)::int AS "waiting" FROM waiting`;
  return row!.waiting;
}
