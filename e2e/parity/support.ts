import { expect } from "@playwright/test";
import { type Param, withSession } from "../../scripts/db/session";
import { testDatabaseUrl, testRun, testUnpooledUrl } from "../../scripts/env";

// The two instances, and the database as the test reads it: through the direct URL, never through
// either instance, so nothing the test does can recover or drive a chat behind the assertion's back.
const [portA, portB] = testRun().parityPorts;
export const A = `http://127.0.0.1:${portA}`;
export const B = `http://127.0.0.1:${portB}`;
export const POOLED_URL = testDatabaseUrl();
export const DIRECT_URL = testUnpooledUrl();

/** Headers a page served by `origin` sends with a state-changing request. */
export const from = (origin: string) => ({ origin, "content-type": "application/json" });

export async function query<T extends Record<string, unknown>>(
  text: string,
  params: Param[] = [],
): Promise<T[]> {
  return [...(await withSession(DIRECT_URL, (sql) => sql.unsafe<T[]>(text, params)))];
}

/** Waits, reading the database, until the chat has no running turn and nothing queued. */
export async function settled(chatId: string, timeout = 90_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const [row] = await query<{ busy: number }>(
          `SELECT (SELECT count(*) FROM "Turn" WHERE "chatId" = $1 AND status = 'running')
              + (SELECT count(*) FROM "QueuedMessage" WHERE "chatId" = $1 AND "dispatchedAt" IS NULL) AS busy`,
          [chatId],
        );
        return Number(row?.busy);
      },
      { timeout, intervals: [250] },
    )
    .toBe(0);
}
