// kill -9 mid-turn on several chats, a restart, and then nobody reads them: only the health check
// is asked. The server's own timer sweep must end every turn the kill left running within its
// interval plus the turn lease, which is read in Postgres, never through a route that recovers.
import { STORY, startChat } from "./chats";
import { type Answer, Tally, Visitor, waitUntil } from "./http";
import { startServer } from "./server";
import { type Scenario, type Suite } from "./suite";

const SWEEP_SECONDS = 2;
const LEASE_MS = 1_500;
// Slow deltas, so the story is still streaming when the server dies.
const ENV = {
  AGENT_DELTA_MS: "20",
  TURN_LEASE_MS: String(LEASE_MS),
  SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS),
};
// A sweep that starts just as the lease lapses, and one slow round of recovery on a loaded machine.
const GRACE_MS = 8_000;

const running = (suite: Suite, turnIds: string[]) =>
  suite.rows.count(
    `SELECT count(*)::int AS "count" FROM "Turn" WHERE "status" = 'running' AND "id" = ANY($1::uuid[])`,
    [turnIds],
  );
const streaming = (suite: Suite, chatIds: string[]) =>
  suite.rows.count(
    `SELECT count(*)::int AS "count" FROM "Item" WHERE "status" = 'streaming' AND "chatId" = ANY($1::uuid[])`,
    [chatIds],
  );

async function run(suite: Suite): Promise<void> {
  let server = await startServer({ databaseUrl: suite.database.url, env: ENV });
  const port = Number(new URL(server.base).port);
  const count = suite.sizes["unread-chats"];
  const health = new Tally();
  // What the health check said of the oldest stuck turn, each time it said anything.
  const oldest: Array<number | null> = [];
  try {
    const chatIds = await Promise.all(
      Array.from({ length: count }, async () => {
        const chatId = await startChat(new Visitor(server.base), STORY);
        if (!chatId) throw new Error("setup: a chat was refused");
        return chatId;
      }),
    );
    // Every reply streaming, so each turn was claimed and the kill cuts it off mid-turn.
    await waitUntil(async () => (await streaming(suite, chatIds)) === count, 30_000, 50);
    const turnIds = (
      await suite.rows.all<{ id: string }>(
        `SELECT "id" FROM "Turn" WHERE "status" = 'running' AND "chatId" = ANY($1::uuid[])`,
        [chatIds],
      )
    ).map((row) => row.id);
    await server.kill();
    server = await startServer({ databaseUrl: suite.database.url, env: ENV, port });
    const restarted = performance.now();
    const watcher = new Visitor(server.base, health);
    const deadline = SWEEP_SECONDS * 1_000 + LEASE_MS + GRACE_MS;
    // Only the health check is asked meanwhile; it may say how old the oldest stuck turn is.
    const ended = await waitUntil(
      async () => {
        const answer: Answer = await watcher.get("/api/health");
        if ("oldestStuckTurnSeconds" in answer.body)
          oldest.push(answer.body.oldestStuckTurnSeconds as number | null);
        return (await running(suite, turnIds)) === 0;
      },
      deadline,
      250,
    );
    const endedMs = performance.now() - restarted;
    const [stuck, left] = [await running(suite, turnIds), await streaming(suite, chatIds)];
    const said = oldest.filter((value): value is number => typeof value === "number");
    const reported =
      oldest.length > 0
        ? `health oldestStuckTurnSeconds max ${said.length > 0 ? Math.max(...said) : "null"}, last ${oldest.at(-1)}`
        : "health reported no oldestStuckTurnSeconds";
    suite.print(
      `unread   kill -9 with ${turnIds.length} turns running on ${count} chats, then only health checks: ${stuck} turns stuck without a reader after the sweep interval (${SWEEP_SECONDS} s) plus the lease (${LEASE_MS} ms) and ${(GRACE_MS / 1000).toFixed(0)} s grace, ${left} replies left streaming; ${ended ? `every turn ended ${(endedMs / 1000).toFixed(1)} s after the restart` : `checked ${(endedMs / 1000).toFixed(1)} s after the restart`}; ${reported}; ${health.serverErrors} × 5xx`,
    );
    if (turnIds.length < count)
      suite.fail(`unread: only ${turnIds.length} of ${count} chats had a turn running at the kill`);
    if (stuck + left + health.serverErrors > 0)
      suite.fail(
        `unread: ${stuck} turns stuck and ${left} replies streaming without a reader after the sweep interval plus the lease; ${health.failures.slice(0, 3).join("; ")}`,
      );
  } finally {
    await server.stop();
  }
}

export const unread: Scenario = { name: "unread", run };
