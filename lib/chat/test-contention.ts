// Test support: requests that queue behind a chat's lock, for the races the chat host must survive.
import { db } from "@/lib/db/client";

/**
 * Starts `calls` while another transaction holds the chat's lock, and releases it once every call
 * waits for it (or has already settled). The first statement of each call then reads as of before
 * any of them wrote, though each gets the lock only after the one before it committed: the race
 * a statement that locks the chat and reads in one round trip must survive.
 */
export async function behindChatLock<T>(chatId: string, calls: Array<() => Promise<T>>): Promise<PromiseSettledResult<T>[]> {
  let results: Promise<PromiseSettledResult<T>[]> | undefined;
  await db().$transaction(
    async (tx) => {
      const [holder] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS "pid" FROM "Chat" WHERE "id" = ${chatId}::uuid FOR UPDATE`;
      let settled = 0;
      results = Promise.allSettled(calls.map((call) => call().finally(() => settled++)));
      // No event says a session began to wait: the database is asked until all do.
      let waiting = 0;
      do waiting = await waitingBehind(holder!.pid);
      while (settled + waiting < calls.length);
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
