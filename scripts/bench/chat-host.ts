// Chat host figures against a real PostgreSQL, each as a ratio to a baseline measured in the same
// run on the same database: a minimal one-row insert-and-commit.
import { randomUUID } from "node:crypto";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { answerUiChoice } from "@/lib/chat/answers/ui-choice";
import { readUiQuery } from "@/lib/chat/answers/ui-query";
import { createChat, loadChatView, sendMessage } from "@/lib/chat/chats";
import { drawReply } from "@/lib/chat/reply";
import { statsBlock } from "@/lib/intelligent-ui/fixtures";
import { selectFrameChoice } from "@/lib/chat/selections";
import { driveChat } from "@/lib/chat/turns/run";
import { db } from "@/lib/db/client";

const ROUNDS = 150;

async function timePerCall(calls: Array<() => Promise<unknown>>): Promise<number> {
  const started = performance.now();
  for (const call of calls) await call();
  return (performance.now() - started) / calls.length;
}

export default async function benchChatHost(): Promise<void> {
  const insertVisitor = () => db().$executeRaw`INSERT INTO "Visitor" ("id") VALUES (${randomUUID()}::uuid)`;
  // Warm the pool and the plan cache first, so the baseline is not charged for connecting.
  await timePerCall(Array.from({ length: 30 }, () => insertVisitor));
  const baseline = await timePerCall(Array.from({ length: ROUNDS }, () => insertVisitor));

  const instant = createMockAgent({ deltaMs: 0 });
  const lists = [];
  for (let index = 0; index < ROUNDS; index++) {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "Where should we go next?" });
    await driveChat(chatId, instant);
    const reply = await db().item.findFirstOrThrow({ where: { chatId, role: "assistant" } });
    lists.push({ visitorId, chatId, itemId: reply.id });
  }
  const choice = await timePerCall(
    lists.map((target) => () => selectFrameChoice({ ...target, instanceId: "destination-choice", choiceId: "docs" })),
  );
  const replay = await timePerCall(
    lists.map((target) => () => selectFrameChoice({ ...target, instanceId: "destination-choice", choiceId: "docs" })),
  );
  const queued = await timePerCall(
    lists.map((target) => () => sendMessage({ visitorId: target.visitorId, chatId: target.chatId, text: "and then?" })),
  );

  const blocks = [];
  for (let index = 0; index < ROUNDS; index++) {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "Show every block component" });
    await driveChat(chatId, instant);
    const reply = (await loadChatView({ visitorId, chatId })).items[1]!;
    const block = Object.values(reply.blocks)[0]!;
    blocks.push({ visitorId, chatId, itemId: reply.id, blockId: block.id, revision: reply.revision, choiceId: choiceOf(block.nodes) });
  }
  const uiChoice = await timePerCall(blocks.map((target) => () => answerUiChoice({ ...target, values: {} })));
  const uiReplay = await timePerCall(blocks.map((target) => () => answerUiChoice({ ...target, values: {} })));

  // ui.query on the build triage: the same arguments again within 10 s answer from the stored
  // reading; an uncached read claims a slot, reads the source and stores the reading.
  const triages = [];
  for (let index = 0; index < ROUNDS; index++) {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "Triage the failing build" });
    await driveChat(chatId, instant);
    const reply = (await loadChatView({ visitorId, chatId })).items[1]!;
    triages.push({ visitorId, chatId, itemId: reply.id, blockId: Object.keys(reply.blocks)[0]!, revision: reply.revision, query: "$runs" });
  }
  const uncached = await timePerCall(triages.map((target) => () => readUiQuery({ ...target, values: { $branch: "dev" } })));
  const cached = await timePerCall(triages.map((target) => () => readUiQuery({ ...target, values: { $branch: "dev" } })));

  // The final compile of a reply of 16 blocks, the most a reply may hold, as the end of a turn runs it.
  const reply = Array.from({ length: 16 }, (_, index) => `Part ${index}\n\n\`\`\`ui\n${statsBlock(12)}\n\`\`\`\n`).join("\n");
  const compile = await timePerCall(Array.from({ length: 50 }, () => async () => drawReply(reply, { itemId: "bench", final: true, revision: 1 })));

  const line = (label: string, ms: number) =>
    console.log(`chat-host ${label}: ${ms.toFixed(2)} ms per call (${(ms / baseline).toFixed(1)}× a one-row insert-and-commit)`);
  console.log(`chat-host baseline one-row insert-and-commit: ${baseline.toFixed(2)} ms`);
  line("ChoiceList choice transaction (lock, check, message, answer, events)", choice);
  line("same choice replayed (idempotent answer)", replay);
  line("message queued behind a running turn", queued);
  line("chat.uiChoice transaction on the gallery block (lock, stored block, resolveUiChoice, message, answer, events)", uiChoice);
  line("same block choice replayed (idempotent answer)", uiReplay);
  line("ui.query answered from the 10-second cache", cached);
  line("ui.query read from the source and stored (slot claimed, read, reading stored)", uncached);
  line(`final compile of a 16-block reply (${reply.length.toLocaleString("en-US")} chars) into stored blocks`, compile);
}

type ChoiceNode = { id: string; type: string; children: ChoiceNode[] };

function choiceOf(nodes: readonly ChoiceNode[]): string {
  for (const node of nodes) {
    if (node.type === "Choice") return node.id;
    const found = choiceOf(node.children);
    if (found) return found;
  }
  return "";
}
