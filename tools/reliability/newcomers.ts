// A flood of new visitors from one address: chat creations without a cookie, each one a visitor the
// server has never seen, where no platform names the client's address. Past the instance's bound
// for new visitors each must be refused `429 rate-limited` with Retry-After and write nothing.
// Its own server, so its bound starves no other scenario (which get a large one, server.ts).
import { Tally, Visitor } from "./http";
import { startServer } from "./server";
import { n, type Scenario, type Suite } from "./suite";

const BOUND = 50;
const SECONDS = 30;
// One window for the whole flood (the longest the setting takes), so the bound is the whole aim.
const WINDOW_SECONDS = 86_400;

const rowsOf = async (suite: Suite) => ({
  visitors: await suite.rows.count(`SELECT count(*)::int AS "count" FROM "Visitor"`),
  chats: await suite.rows.count(`SELECT count(*)::int AS "count" FROM "Chat"`),
});

async function run(suite: Suite): Promise<void> {
  const server = await startServer({
    databaseUrl: suite.database.url,
    env: {
      NEW_VISITORS_PER_INSTANCE: String(BOUND),
      NEW_VISITOR_INSTANCE_WINDOW_SECONDS: String(WINDOW_SECONDS),
    },
  });
  try {
    const total = suite.sizes["new-visitors"];
    const tally = new Tally();
    const before = await rowsOf(suite);
    const [started, startedAt] = [performance.now(), Date.now()];
    // Evenly over the window, each on a connection of its own, none waiting for another.
    const answers = await Promise.all(
      Array.from({ length: total }, async (_, index) => {
        await new Promise((resolve) => setTimeout(resolve, (index * SECONDS * 1_000) / total));
        return new Visitor(server.base, tally).post("/api/chats", {});
      }),
    );
    const seconds = (performance.now() - started) / 1_000;
    // Windows are fixed: a flood that crosses a window's end may take the bound once more.
    const bound =
      BOUND *
      (Math.floor(Date.now() / 1_000 / WINDOW_SECONDS) -
        Math.floor(startedAt / 1_000 / WINDOW_SECONDS) +
        1);
    const after = await rowsOf(suite);
    const created = answers.filter((answer) => answer.status === 201).length;
    const limited = answers.filter(
      (answer) =>
        answer.status === 429 &&
        answer.body.code === "rate-limited" &&
        Number(answer.headers["retry-after"]) > 0,
    ).length;
    const otherwise = total - created - limited;
    const [visitors, chats] = [after.visitors - before.visitors, after.chats - before.chats];
    suite.print(
      `visitors ${n(total)} cookie-less chat creations from one address in ${seconds.toFixed(0)} s: ${n(created)} new visitors accepted of ${n(total)} (aim ≤ ${bound}, the bound set), ${n(limited)} × 429 rate-limited with Retry-After, ${n(otherwise)} answered otherwise, ${n(tally.serverErrors)} of them 5xx or dropped (${tally.describe()}); ${n(visitors)} visitors and ${n(chats)} chats written`,
    );
    if (Math.max(created, visitors, chats) > bound || otherwise > 0)
      suite.fail(
        `new visitors: ${created} accepted, ${visitors} visitors and ${chats} chats written past a bound of ${bound}; ${otherwise} answered other than 201 or 429 rate-limited with Retry-After (${tally.describe()})`,
      );
  } finally {
    await server.stop();
  }
}

export const newcomers: Scenario = { name: "newcomers", run };
