// Chat host figures against a real PostgreSQL. Each subject call is interleaved with two baseline
// calls on the same database, a minimal one-row insert-and-commit through Prisma and the same
// through a bare `pg` client, so a busy machine slows all three alike; the ratios are of their
// medians, and the subject's p99 is printed beside them. The two baselines apart show what the
// client library costs per statement, which no rewrite of the host's SQL can remove.
import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { pickUiChoice } from "@/lib/chat/answers/ui-choice";
import { readUiQuery } from "@/lib/chat/answers/ui-query";
import { loadChatView } from "@/lib/chat/chats/chat-view";
import { createChat } from "@/lib/chat/chats/manage";
import { sendMessage } from "@/lib/chat/chats/send-message";
import { buildReply } from "@/lib/chat/reply/build";
import { pickFrameChoice } from "@/lib/chat/answers/selections";
import { runChat } from "@/lib/chat/turns/run";
import { statsBlock } from "@/scripts/test/block-fixtures";
import { db } from "@/lib/db/client";

const ROUNDS = 150;
// A choice transaction's aim: at most twice a one-row insert-and-commit through Prisma.
const CHOICE_AIM = 2;
const instant = createMockAgent({ deltaMs: 0 });

const insertVisitor = () =>
  db().$executeRaw`INSERT INTO "Visitor" ("id") VALUES (${randomUUID()}::uuid)`;

let bare: Client | undefined;
const insertVisitorBare = () =>
  bare!.query(`INSERT INTO "Visitor" ("id") VALUES ($1::uuid)`, [randomUUID()]);

// Statements sent to PostgreSQL by every client of this process (Prisma's pool and the bare one),
// BEGIN and COMMIT included, counted where `pg` sends them.
let statements = 0;
const query = Client.prototype.query as (...args: unknown[]) => unknown;
Client.prototype.query = function (this: Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
} as typeof Client.prototype.query;

async function timed(call: () => unknown): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/**
 * Runs each call after the baseline calls and prints the medians' ratios, the subject's p99 and
 * the statements a call sends. With an aim (a ratio to the Prisma insert), says whether it is
 * met, and if not, what the statements a call needs and their cost each make of it.
 */
async function measure(label: string, calls: Array<() => unknown>, aim?: number): Promise<void> {
  const subject: number[] = [];
  const baseline: number[] = [];
  const bareBaseline: number[] = [];
  let sent = 0;
  for (const call of calls) {
    baseline.push(await timed(insertVisitor));
    bareBaseline.push(await timed(insertVisitorBare));
    const before = statements;
    subject.push(await timed(call));
    sent += statements - before;
  }
  const median = percentile(subject, 0.5);
  const ratio = median / percentile(baseline, 0.5);
  const bareRatio = median / percentile(bareBaseline, 0.5);
  const each = sent / calls.length;
  const verdict =
    aim === undefined
      ? ""
      : ratio <= aim
        ? `; aim ≤ ${aim}×: met`
        : `; aim ≤ ${aim}×: not met, as it sends ${each.toFixed(1)} statements to the baseline's one, each ${(ratio / each).toFixed(1)}× the baseline's time`;
  console.log(
    `chat-host ${label}: median ${median.toFixed(2)} ms, p99 ${percentile(subject, 0.99).toFixed(2)} ms (${ratio.toFixed(1)}× a one-row insert-and-commit through Prisma, ${bareRatio.toFixed(1)}× through bare pg, interleaved); ` +
      `${each > 0 ? `${each.toFixed(1)} statements a call (BEGIN and COMMIT included)` : "no statements"}${verdict}`,
  );
}

/** `count` chats whose first reply (to `message`) has finished, with that reply. */
async function replied(message: string, count = ROUNDS) {
  const chats = [];
  for (let index = 0; index < count; index++) {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message });
    await runChat(chatId, instant);
    chats.push({ visitorId, chatId, reply: (await loadChatView({ visitorId, chatId })).items[1]! });
  }
  return chats;
}

function firstChoice(
  nodes: ReadonlyArray<{ id: string; type: string; children: unknown[] }>,
): string {
  for (const node of nodes) {
    if (node.type === "Choice") return node.id;
    const found = firstChoice(node.children as typeof nodes);
    if (found) return found;
  }
  return "";
}

export default async function benchChatHost(): Promise<void> {
  bare = new Client({ connectionString: process.env.DATABASE_URL });
  await bare.connect();
  try {
    await benchWithBaselines();
  } finally {
    await bare.end();
  }
}

async function benchWithBaselines(): Promise<void> {
  // Warm the pool and the plan cache first, so the baselines are not charged for connecting.
  for (let index = 0; index < 30; index++) await insertVisitor();
  for (let index = 0; index < 30; index++) await insertVisitorBare();
  const baseline: number[] = [];
  const bareBaseline: number[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    baseline.push(await timed(insertVisitor));
    bareBaseline.push(await timed(insertVisitorBare));
  }
  console.log(
    `chat-host baseline one-row insert-and-commit: median ${percentile(baseline, 0.5).toFixed(2)} ms through Prisma, ${percentile(bareBaseline, 0.5).toFixed(2)} ms through bare pg`,
  );

  const lists = (await replied("Where should we go next?")).map(({ visitorId, chatId, reply }) => ({
    visitorId,
    chatId,
    itemId: reply.id,
  }));
  const pick = (target: (typeof lists)[number]) => () =>
    pickFrameChoice({ ...target, instanceId: "destination-choice", choiceId: "docs" });
  await measure(
    "ChoiceList choice transaction (lock, check, message, answer, events)",
    lists.map(pick),
    CHOICE_AIM,
  );
  await measure("same choice replayed (idempotent answer)", lists.map(pick));
  await measure(
    "message queued behind a running turn",
    lists.map(
      (target) => () =>
        sendMessage({ visitorId: target.visitorId, chatId: target.chatId, text: "and then?" }),
    ),
  );

  const blocks = (await replied("Show every block component")).map(
    ({ visitorId, chatId, reply }) => {
      const block = Object.values(reply.blocks)[0]!;
      return {
        visitorId,
        chatId,
        itemId: reply.id,
        blockId: block.id,
        revision: reply.revision,
        choiceId: firstChoice(block.nodes),
        values: {},
      };
    },
  );
  await measure(
    "chat.uiChoice transaction on the gallery block (lock, stored block, resolveUiChoice, message, answer, events)",
    blocks.map((target) => () => pickUiChoice(target)),
    CHOICE_AIM,
  );
  await measure(
    "same block choice replayed (idempotent answer)",
    blocks.map((target) => () => pickUiChoice(target)),
  );

  // ui.query on the build triage: the same arguments again within 10 s answer from the stored
  // reading; an uncached read claims a slot, reads the source and stores the reading.
  const triages = (await replied("Triage the failing build")).map(
    ({ visitorId, chatId, reply }) => ({
      visitorId,
      chatId,
      itemId: reply.id,
      blockId: Object.keys(reply.blocks)[0]!,
      revision: reply.revision,
      query: "$runs",
      values: { $branch: "dev" },
    }),
  );
  await measure(
    "ui.query read from the source and stored (slot claimed, read, reading stored)",
    triages.map((target) => () => readUiQuery(target)),
  );
  await measure(
    "ui.query answered from the 10-second cache",
    triages.map((target) => () => readUiQuery(target)),
  );

  // The final compile of a reply of 16 blocks, the most a reply may hold, as the end of a turn runs it.
  const reply = Array.from(
    { length: 16 },
    (_, index) => `Part ${index}\n\n\`\`\`ui\n${statsBlock(12)}\n\`\`\`\n`,
  ).join("\n");
  await measure(
    `final compile of a 16-block reply (${reply.length.toLocaleString("en-US")} chars) into stored blocks`,
    Array.from({ length: 50 }, () => () => buildReply(reply, { itemId: "bench", final: true })),
  );
}
