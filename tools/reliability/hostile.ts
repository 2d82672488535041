// Hostile requests against a production build: every refusal must be a 4xx that writes nothing,
// and load (parallel chat creations, floods past each limit) must never answer 5xx or leave a
// chat whose turn never started.
import {
  CHECKLIST,
  checklistBlock,
  DESTINATION,
  EMAIL,
  repliedChat,
  settledChat,
  startChat,
} from "./chats";
import { type Answer, answerKey, describeAnswers, EXEMPT, Tally, Visitor } from "./http";
import { refusals, type Targets } from "./hostile-requests";
import { CRON_SECRET, startServer } from "./server";
import { n, type Scenario, type Suite } from "./suite";

async function targets(base: string, tally: Tally): Promise<Targets> {
  const owner = new Visitor(base, tally);
  const stranger = new Visitor(base, tally);
  await stranger.get("/api/chats");
  const frames = await repliedChat(owner, DESTINATION);
  const block = await repliedChat(owner, CHECKLIST);
  const email = await repliedChat(owner, EMAIL);
  const proposed = await owner.post(`/api/chats/${email.chatId}/selections`, {
    itemId: email.reply.id,
    instanceId: "release-email",
    choiceId: "send",
  });
  const { blockId, release } = checklistBlock(block.reply);
  return {
    owner,
    stranger,
    frames: { chatId: frames.chatId, replyId: frames.reply.id },
    block: {
      chatId: block.chatId,
      replyId: block.reply.id,
      blockId,
      revision: block.reply.revision,
      release,
    },
    confirmation: {
      chatId: email.chatId,
      token: String((proposed.body.selection as { confirmationToken: string }).confirmationToken),
    },
  };
}

const ENV = { AGENT_DELTA_MS: "2", TURN_LEASE_MS: "3000" };

async function run(suite: Suite): Promise<void> {
  // Refusals first, with the request limit out of the way so every round reaches each refusal.
  const server = await startServer({
    databaseUrl: suite.database.url,
    env: { ...ENV, RATE_LIMIT_REQUESTS: "1000000" },
  });
  try {
    const setup = new Tally();
    const refused = new Tally();
    const attacks = await targets(server.base, setup);
    attacks.owner.tally = refused;
    attacks.stranger.tally = refused;
    const before = await suite.rows.tableCounts();
    const answers: Answer[] = [];
    for (let round = 0; round < suite.sizes["hostile-rounds"]; round++)
      answers.push(
        ...(await Promise.all(refusals(server.base, refused, attacks).map((attack) => attack()))),
      );
    const written = before === (await suite.rows.tableCounts()) ? 0 : 1;
    const notRefused = refused.sent - refused.count("4xx");
    suite.print(
      `hostile  ${n(refused.sent)} refusals sent (${suite.sizes["hostile-rounds"]} rounds): ${n(refused.serverErrors)} × 5xx, ${n(notRefused)} not answered 4xx, ${written} tables written`,
    );
    suite.print(`hostile  answers: ${describeAnswers(answers)}`);
    // Every refusal names its stable code, but those Node answers before Next (EXEMPT.statuses).
    const uncoded = answers.filter(
      (answer) => /^4\d\d$/.test(answerKey(answer)) && !EXEMPT.statuses[answer.status],
    );
    if (uncoded.length > 0) suite.fail(`refusals without a code: ${describeAnswers(uncoded)}`);
    if (refused.serverErrors > 0 || notRefused > 0 || written > 0)
      suite.fail(`hostile refusals: ${refused.failures.slice(0, 5).join("; ")}`);
    if (server.errors.length > 0)
      suite.fail(`server logged ${server.errors.length} unhandled errors: ${server.errors[0]}`);
  } finally {
    await server.stop();
  }
  // Then load, with the default limits.
  const loaded = await startServer({ databaseUrl: suite.database.url, env: ENV });
  try {
    await load(suite, loaded.base);
    if (loaded.errors.length > 0)
      suite.fail(`server logged ${loaded.errors.length} unhandled errors: ${loaded.errors[0]}`);
  } finally {
    await loaded.stop();
  }
}

/** Parallel creations from many visitors and from one, and floods past the queue's limit. */
async function load(suite: Suite, base: string): Promise<void> {
  const size = suite.sizes["parallel-creations"];
  const tally = new Tally();
  const many = Array.from({ length: size }, () => new Visitor(base, tally));
  const started = performance.now();
  const created = await Promise.all(many.map((visitor) => startChat(visitor, DESTINATION)));
  const manyMs = performance.now() - started;
  const one = new Visitor(base, tally);
  // Its cookie first, so the flood below is one visitor's, not one new visitor per request.
  await one.get("/api/chats");
  const flood = await Promise.all(Array.from({ length: size }, () => one.post("/api/chats", {})));
  const limited = flood.filter(
    (answer) =>
      answer.status === 429 &&
      answer.body.code === "rate-limited" &&
      Number(answer.headers["retry-after"]) > 0,
  ).length;
  const owner = new Visitor(base, tally);
  const slow = await startChat(owner, "Tell me a long story, slowly");
  const sends = slow
    ? await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          owner.post(`/api/chats/${slow}/messages`, { text: `waiting ${index}` }),
        ),
      )
    : [];
  const full = sends.filter(
    (answer) => answer.status === 429 && answer.body.code === "queue-full",
  ).length;
  // Every chat created under load must reach its reply: none left with a turn never started.
  const pending = created.map((chatId, index) =>
    chatId ? settledChat(many[index]!, chatId, 90_000) : Promise.resolve(null),
  );
  const stuck = (await Promise.all(pending)).filter(
    (chat, index) => created[index] && !chat,
  ).length;
  const refusedBusy = tally.count("5xx");
  suite.print(
    `hostile  ${n(size)} parallel chat creations from ${n(size)} visitors: ${n(created.filter(Boolean).length)} × 201, ${n(refusedBusy)} × 5xx, ${n(stuck)} chats left with a turn never started or stuck; ${Math.round(manyMs)} ms in all`,
  );
  suite.print(
    `hostile  ${n(size)} parallel creations from one visitor: ${n(flood.filter((answer) => answer.status === 201).length)} × 201, ${n(limited)} × 429 rate-limited with Retry-After; 25 messages behind a running reply: ${n(full)} × 429 queue-full`,
  );
  // The scheduled sweep, as Vercel Cron calls it, after all that.
  const swept = await new Visitor(base, tally).get("/api/cron/sweep", {
    authorization: `Bearer ${CRON_SECRET}`,
  });
  suite.print(
    `hostile  the signed sweep afterwards: ${swept.status} ${JSON.stringify(swept.body)}`,
  );
  if (tally.serverErrors > 0 || stuck > 0 || swept.status !== 200)
    suite.fail(
      `hostile load: ${tally.failures.slice(0, 5).join("; ")}; ${stuck} stuck; sweep ${swept.status}`,
    );
}

export const hostile: Scenario = { name: "hostile", run };
