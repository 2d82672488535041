import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { Agent, AgentMessage } from "@/lib/agent";
import { db, disconnectDb, readDatabaseUrl } from "@/lib/db/client";
import { isDatabaseBusy } from "@/lib/http/errors";
import { UiState, uiInputValues, type UiBlock, type UiValue } from "@/lib/intelligent-ui";
import { choiceIdByLabel } from "@/scripts/test/block-fixtures";
import { childEnv } from "@/scripts/test/child-env";
import { openSession } from "@/scripts/db/session";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { sendMessage } from "../chats/send-message";
import { behindChatLock } from "../../../scripts/test/contention";
import { regenerateReply } from "../turns/regenerate";
import { runChat } from "../turns/run";
import { MAX_QUEUED } from "../store/queue";
import type { ItemView } from "../wire";
import { pickUiChoice } from "./ui-choice";

afterAll(async () => {
  await disconnectDb();
});

const BLOCK = `$plan = "basic"
$ready = false
$seats = 5
<Summary>Choose a plan</Summary>
<Segmented value={$plan}><Option value="basic">Basic</Option><Option value="pro">Pro</Option></Segmented>
<Switch value={$ready}>Ready</Switch>
<Show when={$ready}><Button action={@Set($seats, 50)}>Many seats</Button></Show>
<Choices>
  <Choice context={"Buy " + $plan + " for " + $seats + " seats"}>Buy {$plan}</Choice>
  <Choice context="Not now">Later</Choice>
</Choices>`;

const fence = (source: string) => `Here you go.\n\n\`\`\`ui\n${source}\n\`\`\`\n\nAnything else?`;

/** An agent whose every reply carries one block, and that remembers the history it was given. */
function blockAgent(source = BLOCK, seen: AgentMessage[][] = []): Agent {
  return {
    async *reply({ history }) {
      seen.push(history);
      for (const text of fence(source).match(/[\s\S]{1,40}/g) ?? []) yield { type: "text", text };
    },
  };
}

async function chatWithBlock(source = BLOCK) {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message: "Offer me a plan" });
  await runChat(chatId, blockAgent(source));
  const reply = await replyOf(visitorId, chatId);
  const block = Object.values(reply.blocks)[0]!;
  const pick = (
    choiceId: string,
    values: Record<string, unknown> = defaults(block),
    revision = reply.revision,
  ) =>
    pickUiChoice({
      chatId,
      visitorId,
      itemId: reply.id,
      blockId: block.id,
      revision,
      choiceId,
      values,
    });
  return { visitorId, chatId, reply, block, pick };
}

async function replyOf(visitorId: string, chatId: string, index = 0): Promise<ItemView> {
  const chat = await loadChatView({ visitorId, chatId });
  return chat.items.filter((item) => item.role === "assistant" && item.parentToolUseId === null)[
    index
  ]!;
}

function defaults(block: UiBlock): Record<string, UiValue> {
  return uiInputValues(block, new UiState(block));
}

function choiceId(block: UiBlock, label: string): string {
  return choiceIdByLabel(block.nodes, label);
}

async function counts(chatId: string) {
  const [items, answers, events, queued] = await Promise.all([
    db().item.count({ where: { chatId } }),
    db().uiAnswer.count({ where: { item: { chatId } } }),
    db().chatEvent.count({ where: { chatId } }),
    db().queuedMessage.count({ where: { chatId } }),
  ]);
  return { items, answers, events, queued };
}

describe("chat.uiChoice", () => {
  it("stores the final blocks with revision 1 and gives the agent their fallback, never raw fences", async () => {
    const seen: AgentMessage[][] = [];
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "first" });
    await runChat(chatId, blockAgent(BLOCK, seen));
    await sendMessage({ visitorId, chatId, text: "second" });
    await runChat(chatId, blockAgent(BLOCK, seen));
    const reply = await replyOf(visitorId, chatId);
    expect(reply.revision).toBe(1);
    expect(reply.parts.map((part) => part.kind)).toEqual(["text", "block", "text"]);
    expect(Object.values(reply.blocks)).toMatchObject([
      { complete: true, revision: 1, diagnostics: [] },
    ]);
    const earlier = seen[1]!.find((message) => message.role === "assistant")!;
    expect(earlier.content).not.toContain("```");
    expect(earlier.content).toContain("Choose a plan");
    expect(earlier.content).toContain("Here you go.");
  });

  it("sends the context as the next message and records the answer; the same pick answers the same; another is refused", async () => {
    const { visitorId, chatId, block, pick } = await chatWithBlock();
    const values = { ...defaults(block), $plan: "pro" };
    const first = await pick(choiceId(block, "Buy "), values);
    expect(first).toMatchObject({
      status: "sent",
      answer: { label: "Buy pro", queued: false, older: false, revision: 1 },
    });
    expect(first.answer.values).toMatchObject({ $plan: "pro" });
    expect(await pick(choiceId(block, "Buy "), values)).toEqual(first);
    const before = await counts(chatId);
    await expect(pick(choiceId(block, "Later"))).rejects.toMatchObject({
      code: "ui-already-answered",
    });
    expect(await counts(chatId)).toEqual(before);
    const chat = await loadChatView({ visitorId, chatId });
    const user = chat.items.filter((item) => item.role === "user");
    // The message carries the pick whole, exactly as its answer records it.
    const {
      itemId,
      blockId,
      revision,
      choiceId: picked,
      label,
      values: sent,
      sourceAt,
      older,
      at,
    } = first.answer;
    expect(user.at(-1)).toMatchObject({ parts: [{ kind: "text", text: "Buy pro for 5 seats" }] });
    expect(user.at(-1)!.origin).toEqual({
      kind: "uiChoice",
      itemId,
      blockId,
      revision,
      choiceId: picked,
      label,
      values: sent,
      sourceAt,
      older,
      at,
    });
    expect(chat.items[1]!.uiAnswers[block.id]).toMatchObject({
      choiceId: first.answer.choiceId,
      label: "Buy pro",
    });
  });

  it("marks an answer older when a newer reply had come since its block", async () => {
    const { visitorId, chatId, block, pick } = await chatWithBlock();
    await sendMessage({ visitorId, chatId, text: "and another" });
    await runChat(chatId, blockAgent());
    await expect(pick(choiceId(block, "Later"))).resolves.toMatchObject({
      answer: { older: true, queued: false },
    });
  });

  it("refuses forged values and writes nothing", async () => {
    const { chatId, block, pick } = await chatWithBlock();
    const buy = choiceId(block, "Buy ");
    const before = await counts(chatId);
    const forged: [Record<string, unknown>, string][] = [
      [{ ...defaults(block), $price: 0 }, "refused_binding"],
      [{ ...defaults(block), $plan: "enterprise" }, "invalid_value"],
      // Only the hidden Button (its Show is false) could set 50 seats.
      [{ ...defaults(block), $seats: 50 }, "invalid_value"],
      [{ ...defaults(block), $plan: 3 }, "invalid_value"],
      [JSON.parse(`{"__proto__": {"polluted": true}, "$plan": "pro"}`), "refused_binding"],
      [{ plan: "pro" }, "refused_binding"],
    ];
    for (const [values, code] of forged)
      await expect(pick(buy, values)).rejects.toMatchObject({ code });
    await expect(pick("no-such-choice")).rejects.toMatchObject({ code: "refused_choice" });
    await expect(pick(buy, defaults(block), 2)).rejects.toMatchObject({
      code: "stale-ui-block",
      reason: "revision",
    });
    expect(await counts(chatId)).toEqual(before);
    // The hidden Button becomes a visible input once the switch is on.
    await expect(
      pick(buy, { ...defaults(block), $ready: true, $seats: 50 }),
    ).resolves.toMatchObject({ answer: { label: "Buy basic" } });
  });

  it("refuses a pick whose values make the stored block too large to check as budget_exceeded, writing nothing", async () => {
    // Cheap as drawn; two ticked items open 3,600 repetitions, past the block's iteration budget.
    const { chatId, block, pick } = await chatWithBlock(`$n = []
$l = [${Array.from({ length: 60 }, (_, index) => index).join(", ")}]
<Checklist value={$n}><Item value={1}>One</Item><Item value={2}>Two</Item></Checklist>
<Show when={@Count($n) > 1}><Each items={$l} as="a"><Each items={$l} as="b"><Tag>{a}{b}</Tag></Each></Each></Show>
<Choices><Choice context="Go ahead">Go</Choice></Choices>`);
    expect(block).toMatchObject({ complete: true, diagnostics: [] });
    const go = choiceId(block, "Go");
    const before = await counts(chatId);
    await expect(pick(go, { $n: [1, 2] })).rejects.toMatchObject({ code: "budget_exceeded" });
    expect(await counts(chatId)).toEqual(before);
    await expect(pick(go, { $n: [1] })).resolves.toMatchObject({
      status: "sent",
      answer: { label: "Go" },
    });
  });

  it("records exactly one answer and one message when 50 different picks race", async () => {
    const choices = Array.from(
      { length: 50 },
      (_, index) => `  <Choice context="option ${index}">Option ${index}</Choice>`,
    );
    const { visitorId, chatId, block, pick } = await chatWithBlock(
      `<Choices>\n${choices.join("\n")}\n</Choices>`,
    );
    const ids = Array.from({ length: 50 }, (_, index) => choiceId(block, `Option ${index}`));
    const results = await Promise.allSettled(ids.map((id) => pick(id, {})));
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won).toHaveLength(1);
    // Under load a pick may not get a connection in time (a route answers it 503 busy); none
    // writes anything but the winner.
    for (const result of results) {
      if (result.status === "rejected" && !isDatabaseBusy(result.reason))
        expect(result.reason).toMatchObject({ code: "ui-already-answered" });
    }
    expect(await db().uiAnswer.count({ where: { item: { chatId } } })).toBe(1);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.filter((item) => item.origin?.kind === "uiChoice")).toHaveLength(1);
  });

  it("answers identical picks that waited for the chat's lock with one answer and one message", async () => {
    const { visitorId, chatId, block, pick } = await chatWithBlock();
    const later = choiceId(block, "Later");
    // Each pick read the block before the first one answered it: it must read again under the lock.
    const results = await behindChatLock(
      chatId,
      Array.from({ length: 3 }, () => () => pick(later)),
    );
    const outcomes = results.map((result) =>
      result.status === "fulfilled" ? result.value : result.reason,
    );
    expect(outcomes[0]).toMatchObject({
      status: "sent",
      answer: { choiceId: later, label: "Later" },
    });
    for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0]);
    expect(await db().uiAnswer.count({ where: { item: { chatId } } })).toBe(1);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.filter((item) => item.origin?.kind === "uiChoice")).toHaveLength(1);
  });

  it("refuses a stranger's pick and a pick in a chat that does not exist as chat-not-found, writing nothing", async () => {
    const { visitorId, chatId, reply, block } = await chatWithBlock();
    const request = {
      chatId,
      visitorId,
      itemId: reply.id,
      blockId: block.id,
      revision: reply.revision,
      choiceId: choiceId(block, "Later"),
      values: defaults(block),
    };
    const before = await counts(chatId);
    await expect(pickUiChoice({ ...request, visitorId: randomUUID() })).rejects.toMatchObject({
      code: "chat-not-found",
    });
    await expect(pickUiChoice({ ...request, chatId: randomUUID() })).rejects.toMatchObject({
      code: "chat-not-found",
    });
    expect(await counts(chatId)).toEqual(before);
  });

  it("refuses a block the chat does not hold as ui-block-not-found, writing nothing", async () => {
    const { visitorId, chatId, reply, block, pick } = await chatWithBlock();
    const other = await chatWithBlock();
    const chat = await loadChatView({ visitorId, chatId });
    const request = {
      chatId,
      visitorId,
      itemId: reply.id,
      blockId: block.id,
      revision: reply.revision,
      choiceId: choiceId(block, "Later"),
      values: defaults(block),
    };
    const before = await counts(chatId);
    const missing = [
      { ...request, blockId: `${reply.id}:ui:99` },
      { ...request, itemId: randomUUID() },
      // The person's own message holds no blocks; another chat's reply is not in this chat.
      { ...request, itemId: chat.items[0]!.id },
      { ...request, itemId: other.reply.id, blockId: other.block.id },
    ];
    for (const attempt of missing)
      await expect(pickUiChoice(attempt)).rejects.toMatchObject({ code: "ui-block-not-found" });
    expect(await counts(chatId)).toEqual(before);
    await expect(pick(choiceId(block, "Later"))).resolves.toMatchObject({ status: "sent" });
  });

  it("refuses a pick when the queue behind the running reply is full, writing nothing", async () => {
    const { visitorId, chatId, block, pick } = await chatWithBlock();
    for (let index = 0; index <= MAX_QUEUED; index++)
      await sendMessage({ visitorId, chatId, text: `message ${index}` });
    const before = await counts(chatId);
    await expect(pick(choiceId(block, "Later"))).rejects.toMatchObject({ code: "queue-full" });
    expect(await counts(chatId)).toEqual(before);
  });

  it("queues a pick behind a running reply with the turn that will answer it, then sends it in order under that turn", async () => {
    const { visitorId, chatId, block, pick } = await chatWithBlock();
    const running = await sendMessage({ visitorId, chatId, text: "meanwhile" });
    const queued = await pick(choiceId(block, "Later"));
    expect(queued).toMatchObject({ status: "queued", answer: { queued: true } });
    const turnId = queued.answer.turnId!;
    expect(turnId).not.toBe(running.turnId);
    expect(await pick(choiceId(block, "Later"))).toEqual(queued);
    await runChat(chatId, blockAgent());
    const chat = await loadChatView({ visitorId, chatId });
    const users = chat.items
      .filter((item) => item.role === "user")
      .map((item) => (item.parts[0] as { text: string }).text);
    expect(users).toEqual(["Offer me a plan", "meanwhile", "Not now"]);
    expect(chat.items[1]!.uiAnswers[block.id]).toMatchObject({
      queued: false,
      older: false,
      turnId,
    });
    const answer = await db().uiAnswer.findFirstOrThrow({ where: { blockId: block.id } });
    const message = chat.items.find((item) => item.origin?.kind === "uiChoice")!;
    expect(answer.messageId).toBe(message.id);
    expect(
      await db().turn.findFirstOrThrow({ where: { triggerItemId: message.id } }),
    ).toMatchObject({ id: turnId, status: "finished" });
    expect(await pick(choiceId(block, "Later"))).toMatchObject({
      status: "sent",
      answer: { turnId },
    });
  });

  it("refuses a reply still streaming and a subagent's block", async () => {
    const { visitorId, chatId, reply, block, pick } = await chatWithBlock();
    await db().item.update({ where: { id: reply.id }, data: { status: "streaming" } });
    await expect(pick(choiceId(block, "Later"))).rejects.toMatchObject({
      code: "stale-ui-block",
      reason: "streaming",
    });
    await db().item.update({ where: { id: reply.id }, data: { status: "complete" } });

    await sendMessage({ visitorId, chatId, text: "ask the subagent" });
    const withSubagent: Agent = {
      async *reply() {
        yield { type: "text", text: "Asked." };
        yield { type: "subagent", parentToolUseId: "toolu_1", content: fence(BLOCK) };
      },
    };
    await runChat(chatId, withSubagent);
    const chat = await loadChatView({ visitorId, chatId });
    const sub = chat.items.find((item) => item.parentToolUseId === "toolu_1")!;
    expect(sub).toMatchObject({ role: "assistant", status: "complete", revision: 1 });
    const subBlock = Object.values(sub.blocks)[0]!;
    await expect(
      pickUiChoice({
        chatId,
        visitorId,
        itemId: sub.id,
        blockId: subBlock.id,
        revision: 1,
        choiceId: choiceId(subBlock, "Later"),
        values: {},
      }),
    ).rejects.toMatchObject({ code: "stale-ui-block", reason: "subagent" });
  });

  it("gives a regenerated reply a new revision: the old one is refused, the new one answers", async () => {
    const { visitorId, chatId, reply, block, pick } = await chatWithBlock();
    await regenerateReply({ chatId, visitorId, itemId: reply.id });
    await runChat(chatId, blockAgent());
    const again = await replyOf(visitorId, chatId);
    expect(again).toMatchObject({ id: reply.id, revision: 2, status: "complete" });
    expect(Object.values(again.blocks)[0]).toMatchObject({ id: block.id, revision: 2 });
    await expect(pick(choiceId(block, "Later"), defaults(block), 1)).rejects.toMatchObject({
      code: "stale-ui-block",
      reason: "revision",
    });
    await expect(pick(choiceId(block, "Later"), defaults(block), 2)).resolves.toMatchObject({
      status: "sent",
    });
  });

  it("leaves no message without its answer when the transaction dies between them", async () => {
    const { chatId, reply, block, pick } = await chatWithBlock();
    const trigger = `fail_answer_${reply.id.replaceAll("-", "")}`;
    // Only this item's answers fail: other test files share the database.
    await db().$executeRawUnsafe(`CREATE FUNCTION ${trigger}() RETURNS trigger AS $$ BEGIN
      IF NEW."itemId" = '${reply.id}' THEN RAISE EXCEPTION 'crash between message and answer'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON "UiAnswer" FOR EACH ROW EXECUTE FUNCTION ${trigger}()`,
    );
    const before = await counts(chatId);
    try {
      await expect(pick(choiceId(block, "Later"))).rejects.toThrow();
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER ${trigger} ON "UiAnswer"`);
      await db().$executeRawUnsafe(`DROP FUNCTION ${trigger}()`);
    }
    expect(await counts(chatId)).toEqual(before);
    await expect(pick(choiceId(block, "Later"))).resolves.toMatchObject({ status: "sent" });
  });

  it("leaves no message without its answer, nor an answer without its message, when its process is killed between them", async () => {
    const { chatId, reply, block, pick } = await chatWithBlock();
    const later = choiceId(block, "Later");
    const key = 1 + Math.floor(Math.random() * 2 ** 30);
    const trigger = `hold_answer_${reply.id.replaceAll("-", "")}`;
    // Only this item's answer waits, on a lock this test holds: other test files share the database.
    await db().$executeRawUnsafe(`CREATE FUNCTION ${trigger}() RETURNS trigger AS $$ BEGIN
      IF NEW."itemId" = '${reply.id}' THEN PERFORM pg_advisory_xact_lock(${key}); END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON "UiAnswer" FOR EACH ROW EXECUTE FUNCTION ${trigger}()`,
    );
    const holder = openSession(readDatabaseUrl());
    const before = await counts(chatId);
    let exited: Promise<unknown> = Promise.resolve();
    let child: ReturnType<typeof spawn> | undefined;
    try {
      await holder`SELECT pg_advisory_lock(${key})`;
      const request = {
        chatId,
        visitorId: (await db().chat.findUniqueOrThrow({ where: { id: chatId } })).visitorId,
        itemId: reply.id,
        blockId: block.id,
        revision: reply.revision,
        choiceId: later,
        values: defaults(block),
      };
      child = spawn(
        process.execPath,
        [
          "--conditions=react-server",
          "--import",
          "tsx",
          "scripts/test/ui-choice-child.ts",
          JSON.stringify(request),
        ],
        {
          env: childEnv(),
          stdio: ["ignore", "ignore", "ignore"],
        },
      );
      const running = child;
      exited = new Promise((resolve) => running.once("exit", resolve));
      // The pick's server process waits for the lock inside its transaction, the message already written.
      let backend: number | null = null;
      await expect
        .poll(async () => (backend = await lockWaiter(key)), { timeout: 15_000, interval: 20 })
        .not.toBeNull();
      expect(await holdsWriteLock(backend!, "Item")).toBe(true);
      child.kill("SIGKILL");
      await exited;
      // Let the statement end: its server process finds its client gone and rolls the pick back.
      await holder`SELECT pg_advisory_unlock(${key})`;
      await expect
        .poll(() => backendAlive(backend!), { timeout: 15_000, interval: 20 })
        .toBe(false);
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
      await holder.end();
      await db().$executeRawUnsafe(`DROP TRIGGER ${trigger} ON "UiAnswer"`);
      await db().$executeRawUnsafe(`DROP FUNCTION ${trigger}()`);
    }
    expect(await counts(chatId)).toEqual(before);
    expect(await pickMessages(chatId)).toEqual({ messages: [], answered: [] });
    // Retried, the pick goes through once.
    const retried = await pick(later);
    expect(retried).toMatchObject({ status: "sent", answer: { choiceId: later } });
    expect(await pick(later)).toEqual(retried);
    const after = await pickMessages(chatId);
    expect(after.messages).toHaveLength(1);
    expect(after.answered).toEqual(after.messages);
  });
});

/** The server process waiting for the test's advisory lock, if one is. */
async function lockWaiter(key: number): Promise<number | null> {
  const rows = await db().$queryRaw<{ pid: number }[]>`
    SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = 0 AND objid::bigint = ${key} AND objsubid = 1`;
  return rows[0]?.pid ?? null;
}

/** Whether a server process's open transaction has written into the table. */
async function holdsWriteLock(pid: number, table: string): Promise<boolean> {
  const [row] = await db().$queryRaw<{ held: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = ${pid} AND relation = ${`"${table}"`}::regclass AND mode = 'RowExclusiveLock') AS "held"`;
  return row!.held;
}

async function backendAlive(pid: number): Promise<boolean> {
  const [row] = await db().$queryRaw<
    { alive: boolean }[]
  >`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}) AS "alive"`;
  return row!.alive;
}

/** The chat's messages sent by a pick, and the messages its answers name: the same when none is orphaned. */
async function pickMessages(chatId: string) {
  const messages = await db().item.findMany({
    where: { chatId, origin: { path: ["kind"], equals: "uiChoice" } },
    select: { id: true },
  });
  const answers = await db().uiAnswer.findMany({
    where: { item: { chatId } },
    select: { messageId: true },
  });
  return {
    messages: messages.map((item) => item.id).sort(),
    answered: answers.map((answer) => answer.messageId).sort(),
  };
}
