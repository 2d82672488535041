// A PostgreSQL outage while replies stream and messages wait: no reply the agent finished may be
// lost, no accepted message either, and every chat must settle once the database is back.
import { CHECKLIST, DESTINATION, settledChat, startChat, STORY } from "./chats";
import { type Answer, Tally, Visitor, waitUntil } from "./http";
import { startServer } from "./server";
import { n, ratio, type Scenario, type Suite } from "./suite";

const PROMPTS = [DESTINATION, CHECKLIST, STORY];
const CHATS = 12;

type Reply = { trigger: string; status: string; content: string };

/** One chat per prompt, answered before any outage: the whole text each prompt gets. */
async function answerEachPromptOnce(base: string): Promise<void> {
  for (const prompt of PROMPTS) {
    const visitor = new Visitor(base);
    const chatId = await startChat(visitor, prompt);
    if (!chatId || !(await settledChat(visitor, chatId)))
      throw new Error(`setup: no reply to "${prompt}"`);
  }
}

/** The pages' figure: during the outage 503 with Retry-After as an HTML page, after it 200 again. */
function outagePages(suite: Suite, tally: Tally, during: Answer[], after: Answer[]): void {
  const otherErrors = tally.serverErrors - (tally.statuses.get(503) ?? 0);
  const html = (answer: Answer) => /^text\/html\b/i.test(answer.headers["content-type"] ?? "");
  const unhelpful = during.filter(
    (answer) =>
      answer.status === 503 && (!(Number(answer.headers["retry-after"]) > 0) || !html(answer)),
  ).length;
  const notRefused = during.filter((answer) => answer.status !== 503).length;
  const back = after.filter((answer) => answer.status === 200).length;
  suite.print(
    `outage   pages / and /chats/<id> during it: ${tally.sent} requests answered ${tally.describe()}: ${otherErrors} × 5xx other than 503, ${notRefused - otherErrors} answered neither 503 nor 5xx, ${unhelpful} × 503 without Retry-After or not an HTML page; after it ${back} of ${after.length} answered 200 (${after.map((answer) => answer.status).join(", ")})`,
  );
  if (otherErrors + unhelpful + notRefused > 0 || back < after.length)
    suite.fail(
      `outage pages: ${tally.describe()} during it (${unhelpful} 503 without Retry-After or HTML), ${after.map((answer) => answer.status).join(", ")} after; ${tally.failures.slice(0, 2).join("; ")}`,
    );
}

async function run(suite: Suite): Promise<void> {
  const server = await startServer({
    databaseUrl: suite.database.url,
    env: { AGENT_DELTA_MS: "10", TURN_LEASE_MS: "3000" },
  });
  const outside = new Tally();
  const during = new Tally();
  const pageTally = new Tally();
  const pageAnswers: Answer[] = [];
  try {
    await answerEachPromptOnce(server.base);
    const whole = new Map(
      (
        await suite.rows.all<{ trigger: string; content: string }>(
          `SELECT DISTINCT ON (u."content") u."content" AS "trigger", a."content" FROM "Turn" t JOIN "Item" u ON u."id" = t."triggerItemId" JOIN "Item" a ON a."id" = t."replyItemId"
         WHERE t."status" = 'finished' AND u."content" = ANY($1) ORDER BY u."content", t."startedAt"`,
          [PROMPTS],
        )
      ).map((row) => [row.trigger, row.content]),
    );
    const chats: Array<{ visitor: Visitor; chatId: string; texts: string[] }> = [];
    for (let index = 0; index < CHATS; index++) {
      const visitor = new Visitor(server.base, outside);
      const prompt = PROMPTS[index % PROMPTS.length]!;
      const chatId = await startChat(visitor, prompt);
      const queued = await visitor.post(`/api/chats/${chatId}/messages`, { text: DESTINATION });
      chats.push({
        visitor,
        chatId: chatId!,
        texts: queued.status === 202 ? [prompt, DESTINATION] : [prompt],
      });
      await new Promise((resolve) => setTimeout(resolve, 80));
    }
    await suite.database.down();
    const downAt = performance.now();
    const watcher = new Visitor(server.base, during);
    const reader = new Visitor(server.base, during);
    reader.cookie = chats[0]!.visitor.cookie;
    // The pages a person opens, as that person: they must say 503 with Retry-After, in HTML.
    const browser = new Visitor(server.base, pageTally);
    browser.cookie = reader.cookie;
    const pagePaths = ["/", `/chats/${chats[0]!.chatId}`];
    let healthRefusals = 0;
    for (
      let round = 0;
      round < 2 || performance.now() - downAt < suite.sizes["outage-seconds"] * 1_000;
      round++
    ) {
      const [health, , ...pages] = await Promise.all([
        watcher.get("/api/health"),
        reader.get(`/api/chats/${chats[0]!.chatId}`),
        ...pagePaths.map((path) => browser.get(path)),
      ]);
      if (health.status === 503) healthRefusals += 1;
      pageAnswers.push(...pages);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    // The pages may hold a round past the size while they wait for a connection: the real length.
    const downMs = performance.now() - downAt;
    await suite.database.up();
    const upAt = performance.now();
    const settled = await Promise.all(
      chats.map((chat) => settledChat(chat.visitor, chat.chatId, 120_000)),
    );
    const settleMs = performance.now() - upAt;
    const stuck = settled.filter((chat) => !chat).length;
    const replies = await suite.rows.all<Reply>(
      `SELECT u."content" AS "trigger", a."status"::text AS "status", a."content" FROM "Turn" t JOIN "Item" u ON u."id" = t."triggerItemId" JOIN "Item" a ON a."id" = t."replyItemId"
       WHERE t."chatId" = ANY($1::uuid[])`,
      [chats.map((chat) => chat.chatId)],
    );
    const count = (status: string) => replies.filter((reply) => reply.status === status).length;
    // Lost: a reply stored as complete that is not whole, a reply that is not the start of its
    // whole text, or one the server says its agent finished but it could not store.
    const damaged = replies.filter((reply) => {
      const text = whole.get(reply.trigger) ?? "";
      return reply.status === "complete" ? reply.content !== text : !text.startsWith(reply.content);
    });
    const lost = damaged.length + server.droppedReplies.length;
    const users = await suite.rows.all<{ chatId: string; content: string }>(
      `SELECT "chatId", "content" FROM "Item" WHERE "role" = 'user' AND "chatId" = ANY($1::uuid[])`,
      [chats.map((chat) => chat.chatId)],
    );
    const lostMessages = chats.reduce(
      (sum, chat) =>
        sum +
        chat.texts.filter(
          (text) => !users.some((user) => user.chatId === chat.chatId && user.content === text),
        ).length,
      0,
    );
    await waitUntil(async () => (await watcher.get("/api/health")).status === 200, 10_000);
    // Counted apart: the figure's tally is the outage's alone.
    browser.tally = new Tally();
    const pagesAfter = await Promise.all(pagePaths.map((path) => browser.get(path)));
    const seconds = Math.round(downMs / 1_000);
    suite.print(
      `outage   PostgreSQL down ${seconds} s under ${CHATS} streaming replies and ${n(chats.reduce((sum, chat) => sum + chat.texts.length - 1, 0))} queued messages: ${lost} finished replies lost (${count("complete")} stored whole, ${count("failed")} stopped while streaming and ended failed with their text kept, ${count("interrupted")} interrupted), ${lostMessages} user messages lost, ${stuck} chats stuck`,
    );
    suite.print(
      `outage   ${outside.serverErrors} × 5xx outside the outage; during it ${during.sent} requests answered ${during.describe()} (health 503 ×${healthRefusals}); every chat settled ${(settleMs / 1000).toFixed(1)} s after PostgreSQL came back (${ratio(settleMs, seconds * 1000)} the outage)`,
    );
    outagePages(suite, pageTally, pageAnswers, pagesAfter);
    if (lost + lostMessages + stuck + outside.serverErrors > 0) {
      const found = damaged.map(
        (reply) =>
          `${reply.status} "${reply.trigger}" ${reply.content.length} of ${whole.get(reply.trigger)?.length} chars`,
      );
      suite.fail(
        `outage: ${lost} replies lost (${[...found, ...server.droppedReplies].join("; ")}), ${lostMessages} messages lost, ${stuck} stuck, ${outside.failures.slice(0, 3).join("; ")}`,
      );
    }
  } finally {
    await server.stop();
  }
}

export const outage: Scenario = { name: "outage", run };
