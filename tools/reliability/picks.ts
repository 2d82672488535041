// Concurrent picks: many trials, each firing one block's (or one list's) Choices all at once, with
// different Choices and replays mixed. Exactly one answer and one message may come of each trial.
import {
  type ChatItem,
  CHECKLIST,
  checklistBlock,
  DESTINATION,
  messagesFromPicks,
  READY,
  type Rows,
  settledChat,
  startChat,
} from "./chats";
import { type Answer, percentile, Tally, Visitor } from "./http";
import { startServer } from "./server";
import { n, ratio, type Scenario, type Suite } from "./suite";

type Target = {
  visitor: Visitor;
  chatId: string;
  itemId: string;
  picks: Array<{ path: string; body: unknown }>;
};
type Kind = {
  name: string;
  prompt: string;
  target: (visitor: Visitor, chatId: string, reply: ChatItem) => Target;
  answers: (rows: Rows, target: Target) => Promise<number>;
};

const KINDS: Kind[] = [
  {
    name: "block",
    prompt: CHECKLIST,
    target(visitor, chatId, reply) {
      const { blockId, release, hold } = checklistBlock(reply);
      const body = (choiceId: string, values: object) => ({
        itemId: reply.id,
        blockId,
        revision: reply.revision,
        choiceId,
        values,
      });
      return {
        visitor,
        chatId,
        itemId: reply.id,
        picks: [
          { path: `/api/chats/${chatId}/ui-choices`, body: body(release, READY) },
          { path: `/api/chats/${chatId}/ui-choices`, body: body(hold, {}) },
        ],
      };
    },
    answers: (rows, target) =>
      rows.count(`SELECT count(*)::int AS "count" FROM "UiAnswer" WHERE "itemId" = $1`, [
        target.itemId,
      ]),
  },
  {
    name: "frame",
    prompt: DESTINATION,
    target(visitor, chatId, reply) {
      const body = (choiceId: string) => ({
        itemId: reply.id,
        instanceId: "destination-choice",
        choiceId,
      });
      return {
        visitor,
        chatId,
        itemId: reply.id,
        picks: [
          { path: `/api/chats/${chatId}/selections`, body: body("docs") },
          { path: `/api/chats/${chatId}/selections`, body: body("demo") },
        ],
      };
    },
    answers: (rows, target) =>
      rows.count(`SELECT count(*)::int AS "count" FROM "FrameSelection" WHERE "itemId" = $1`, [
        target.itemId,
      ]),
  },
];

async function prepare(base: string, kind: Kind, count: number, tally: Tally): Promise<Target[]> {
  const targets: Target[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async () => {
        const visitor = new Visitor(base, tally);
        const chatId = await startChat(visitor, kind.prompt);
        const chat = chatId ? await settledChat(visitor, chatId) : null;
        if (!chatId || !chat) throw new Error(`setup: no reply to "${kind.prompt}"`);
        return kind.target(visitor, chatId, chat.items[1]!);
      }),
    );
    targets.push(...batch);
  }
  return targets;
}

async function timed(send: () => Promise<Answer>, into: number[]): Promise<Answer> {
  const started = performance.now();
  const answer = await send();
  into.push(performance.now() - started);
  return answer;
}

async function run(suite: Suite): Promise<void> {
  const server = await startServer({
    databaseUrl: suite.database.url,
    env: { AGENT_DELTA_MS: "0", TURN_LEASE_MS: "3000" },
  });
  try {
    const trials = suite.sizes["pick-trials"];
    const concurrency = suite.sizes["pick-concurrency"];
    for (const kind of KINDS) {
      const tally = new Tally();
      const [baselineTargets, targets] = [
        await prepare(server.base, kind, 10, new Tally()),
        await prepare(server.base, kind, trials, new Tally()),
      ];
      // Baseline: one pick alone on a block (or list) nobody else is answering.
      const alone: number[] = [];
      for (const target of baselineTargets)
        await timed(() => target.visitor.post(target.picks[0]!.path, target.picks[0]!.body), alone);
      const contended: number[] = [];
      let doubles = 0;
      let unexpected = 0;
      for (const target of targets) {
        const answers = await Promise.all(
          Array.from({ length: concurrency }, (_, index) => {
            const pick = target.picks[index % target.picks.length]!;
            return timed(() => target.visitor.post(pick.path, pick.body), contended);
          }),
        );
        for (const answer of answers) tally.note(kind.name, answer.status);
        unexpected += answers.filter(
          (answer) => answer.status !== 200 && answer.status !== 409,
        ).length;
        const winners = new Set(
          answers
            .filter((answer) => answer.status === 200)
            .map((answer) =>
              JSON.stringify((answer.body.answer ?? answer.body.selection) as object),
            ),
        );
        const [stored, messages] = [
          await kind.answers(suite.rows, target),
          await messagesFromPicks(suite.rows, target.chatId),
        ];
        if (winners.size !== 1 || stored !== 1 || messages !== 1) doubles += 1;
      }
      const mean = (samples: number[]) =>
        samples.reduce((sum, value) => sum + value, 0) / samples.length;
      suite.print(
        `picks    ${kind.name}s ${n(trials)} trials × ${concurrency} concurrent: ${doubles} double answers, ${tally.serverErrors} × 5xx, ${unexpected} answers other than 200/409; a contended pick ${mean(contended).toFixed(1)} ms mean, p99 ${percentile(contended, 99).toFixed(0)} ms (${ratio(mean(contended), mean(alone))} a pick alone, ${mean(alone).toFixed(1)} ms)`,
      );
      if (doubles > 0 || tally.serverErrors > 0 || unexpected > 0)
        suite.fail(
          `${kind.name} picks: ${doubles} doubles, ${tally.failures.slice(0, 3).join("; ")}`,
        );
    }
  } finally {
    await server.stop();
  }
}

export const picks: Scenario = { name: "picks", run };
