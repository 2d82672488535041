// kill -9 at random moments mid-turn, with messages queued and a decision in flight; then a
// restart, and what recovery left: every accepted message once, every reply once, nothing stuck.
import { DESTINATION, EMAIL, type Rows, settledChat, startChat, STORY } from "./chats";
import { percentile, Tally, Visitor, waitUntil } from "./http";
import { startServer, type Server } from "./server";
import { n, ratio, type Scenario, type Suite } from "./suite";

const LEASE_MS = 1_500;
const ENV = { AGENT_DELTA_MS: "5", TURN_LEASE_MS: String(LEASE_MS) };
const CHATS_PER_TRIAL = 4;
// The claim lease of a confirmation decision (lib/chat/answers/confirmations.ts): a decision cut off by
// the kill recovers once it has passed.
const CLAIM_LEASE_MS = 60_000;
const CLAIMS = `('approving', 'rejecting', 'expiring')`;

type Sent = { visitor: Visitor; chatId: string; texts: string[] };

async function sendTrial(base: string, tally: Tally): Promise<Sent[]> {
  return Promise.all(
    Array.from({ length: CHATS_PER_TRIAL }, async () => {
      const visitor = new Visitor(base, tally);
      const chatId = await startChat(visitor, STORY);
      if (!chatId) throw new Error("setup: a chat was refused");
      const texts = [STORY];
      // The story again by its slash command: each text stays distinct, so the audit can find it.
      for (const text of [DESTINATION, "/story"]) {
        if ((await visitor.post(`/api/chats/${chatId}/messages`, { text })).status === 202)
          texts.push(text);
      }
      return { visitor, chatId, texts };
    }),
  );
}

/** A proposed send-email action, to be approved just as the server dies. */
async function proposal(base: string) {
  // Untallied: its approval is in flight when the server dies, and may drop with it.
  const visitor = new Visitor(base);
  const chatId = await startChat(visitor, EMAIL);
  const chat = chatId ? await settledChat(visitor, chatId) : null;
  const picked = await visitor.post(`/api/chats/${chatId}/selections`, {
    itemId: chat!.items[1]!.id,
    instanceId: "release-email",
    choiceId: "send",
  });
  const token = String((picked.body.selection as { confirmationToken: string }).confirmationToken);
  return {
    visitor,
    chatId: chatId!,
    approve: () =>
      visitor.post(`/api/chats/${chatId}/confirmations/${token}`, { decision: "approve" }),
  };
}

/** What one chat's rows say after recovery: messages lost or doubled, replies doubled, stuck state. */
async function audit(rows: Rows, sent: Sent) {
  const users = await rows.all<{ content: string }>(
    `SELECT "content" FROM "Item" WHERE "chatId" = $1 AND "role" = 'user' ORDER BY "position"`,
    [sent.chatId],
  );
  const lost = sent.texts.filter((text) => !users.some((user) => user.content === text)).length;
  const doubledMessages = users.length - new Set(users.map((user) => user.content)).size;
  const doubledReplies = await rows.count(
    `SELECT count(*)::int AS "count" FROM (SELECT t."triggerItemId" FROM "Turn" t JOIN "Item" i ON i."turnId" = t."id" AND i."role" = 'assistant' AND i."parentToolUseId" IS NULL
     WHERE t."chatId" = $1 GROUP BY 1 HAVING count(DISTINCT i."id") > 1 OR count(DISTINCT t."id") > 1) doubled`,
    [sent.chatId],
  );
  const stuck = await rows.count(
    `SELECT ((SELECT count(*) FROM "Turn" WHERE "chatId" = $1 AND "status" = 'running')
      + (SELECT count(*) FROM "QueuedMessage" WHERE "chatId" = $1 AND "dispatchedAt" IS NULL)
      + (SELECT count(*) FROM "Item" WHERE "chatId" = $1 AND "status" = 'streaming'))::int AS "count"`,
    [sent.chatId],
  );
  return { lost, doubled: doubledMessages + doubledReplies, stuck };
}

async function run(suite: Suite): Promise<void> {
  let server: Server = await startServer({ databaseUrl: suite.database.url, env: ENV });
  const port = Number(new URL(server.base).port);
  const tally = new Tally();
  const totals = { accepted: 0, lost: 0, doubled: 0, stuck: 0, midTurn: 0, queued: 0 };
  const recoveries: number[] = [];
  const decisions: Array<{ visitor: Visitor; chatId: string }> = [];
  try {
    for (let trial = 0; trial < suite.sizes["crash-trials"]; trial++) {
      const decision = await proposal(server.base);
      decisions.push(decision);
      const sent = await sendTrial(server.base, tally);
      // A random moment within the replies: the story takes about two seconds to stream.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2_500));
      void decision.approve();
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      const chatIds = sent.map((each) => each.chatId);
      totals.midTurn +=
        (await suite.rows.count(
          `SELECT count(*)::int AS "count" FROM "Turn" WHERE "status" = 'running' AND "chatId" = ANY($1::uuid[])`,
          [chatIds],
        )) > 0
          ? 1
          : 0;
      totals.queued += await suite.rows.count(
        `SELECT count(*)::int AS "count" FROM "QueuedMessage" WHERE "dispatchedAt" IS NULL AND "chatId" = ANY($1::uuid[])`,
        [chatIds],
      );
      await server.kill();
      const killedAt = performance.now();
      server = await startServer({ databaseUrl: suite.database.url, env: ENV, port });
      const settled = await Promise.all(
        sent.map((each) => settledChat(each.visitor, each.chatId, 60_000)),
      );
      recoveries.push(performance.now() - killedAt);
      for (const each of sent) {
        const found = await audit(suite.rows, each);
        totals.accepted += each.texts.length;
        totals.lost += found.lost;
        totals.doubled += found.doubled;
        totals.stuck += found.stuck;
      }
      totals.stuck += settled.filter((chat) => !chat).length;
    }
    // A decision the kill cut off recovers once its claim lease has passed, when its chat is read.
    const decisionChats = decisions.map((each) => each.chatId);
    const claimed = await suite.rows.count(
      `SELECT count(*)::int AS "count" FROM "ActionConfirmation" WHERE "status"::text IN ${CLAIMS} AND "chatId" = ANY($1::uuid[])`,
      [decisionChats],
    );
    if (claimed > 0) {
      await waitUntil(
        async () => {
          await Promise.all(decisions.map((each) => each.visitor.get(`/api/chats/${each.chatId}`)));
          return (
            (await suite.rows.count(
              `SELECT count(*)::int AS "count" FROM "ActionConfirmation" WHERE "status"::text IN ${CLAIMS} AND "chatId" = ANY($1::uuid[])`,
              [decisionChats],
            )) === 0
          );
        },
        CLAIM_LEASE_MS + 10_000,
        2_000,
      );
    }
    const stuckHandles = await suite.rows.count(
      `SELECT count(*)::int AS "count" FROM "ActionConfirmation" WHERE "status"::text IN ${CLAIMS} AND "chatId" = ANY($1::uuid[])`,
      [decisionChats],
    );
    const trials = suite.sizes["crash-trials"];
    suite.print(
      `crashes  ${trials} kill -9 trials (${totals.midTurn} mid-turn, ${totals.queued} messages queued at the kill, ${claimed} decisions cut off): ${totals.lost} lost of ${n(totals.accepted)} accepted user messages, ${totals.doubled} duplicated replies, ${totals.stuck} stuck turns, ${stuckHandles} stuck handles after recovery, ${tally.serverErrors} × 5xx`,
    );
    suite.print(
      `crashes  kill to every chat settled: p50 ${(percentile(recoveries, 50) / 1000).toFixed(1)} s, max ${(Math.max(...recoveries) / 1000).toFixed(1)} s (${ratio(percentile(recoveries, 50), LEASE_MS)} the ${LEASE_MS} ms turn lease)`,
    );
    if (totals.lost + totals.doubled + totals.stuck + stuckHandles + tally.serverErrors > 0)
      suite.fail(
        `crashes: ${JSON.stringify(totals)}, ${stuckHandles} stuck handles, ${tally.failures.slice(0, 3).join("; ")}`,
      );
  } finally {
    await server.stop();
  }
}

export const crashes: Scenario = { name: "crashes", run };
