import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Agent } from "@/lib/agent/agent";
import { pause } from "@/lib/agent/pacing";
import { db, disconnectDb, readDatabaseUrl } from "@/lib/db/client";
import { openSession } from "@/scripts/db/session";
import { childEnv } from "@/scripts/test/child-env";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { sendMessage } from "../chats/send-message";
import { recoverStaleTurns } from "./recover";
import { runChat } from "./run";
import { MAX_QUEUED } from "../store/queue";
import { statementText } from "@/scripts/test/statement-text";

afterAll(async () => {
  await disconnectDb();
});

/** An agent that answers every message with a fixed list of chunks. */
function scriptedAgent(chunks: (message: string) => string[]): Agent {
  return {
    async *reply({ message }) {
      for (const chunk of chunks(message)) yield { type: "text", text: chunk };
    },
  };
}

const echo = scriptedAgent((message) => ["re: ", message]);

async function newChat(message?: string) {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message });
  return { visitorId, chatId };
}

async function eventSeqs(chatId: string): Promise<number[]> {
  const events = await db().chatEvent.findMany({
    where: { chatId },
    orderBy: { seq: "asc" },
    select: { seq: true },
  });
  return events.map((event) => event.seq);
}

describe("turns", () => {
  it("hands the chat on only when a turn's end started the next queued one", async () => {
    const { visitorId, chatId } = await newChat("alone");
    const handOff = vi.fn(async () => {});
    await runChat(chatId, echo, handOff);
    expect(handOff).not.toHaveBeenCalled();

    // A message queued behind the running reply: that reply's end starts it, so it is handed on.
    let release!: () => void;
    let started!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const replying = new Promise<void>((resolve) => (started = resolve));
    const waiting: Agent = {
      async *reply({ message }) {
        started();
        await held;
        yield { type: "text", text: `re: ${message}` };
      },
    };
    await sendMessage({ visitorId, chatId, text: "first" });
    const running = runChat(chatId, waiting, handOff);
    // The agent is asked only once the turn is claimed: the chat's turn runs from here on.
    await replying;
    expect((await sendMessage({ visitorId, chatId, text: "second" })).status).toBe("queued");
    release();
    await running;
    expect(handOff).toHaveBeenCalledExactlyOnceWith(chatId);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.at(-1)).toMatchObject({
      role: "user",
      parts: [{ kind: "text", text: "second" }],
    });
  });

  it("answers a message, then the queued ones in order, with sequence numbers that only grow", async () => {
    const { visitorId, chatId } = await newChat("one");
    expect((await sendMessage({ visitorId, chatId, text: "two" })).status).toBe("queued");
    expect((await sendMessage({ visitorId, chatId, text: "three" })).status).toBe("queued");
    await runChat(chatId, echo);

    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.running).toBe(false);
    expect(chat.queued).toEqual([]);
    expect(
      chat.items.map(
        (item) =>
          `${item.role}:${item.parts.map((part) => ("text" in part ? part.text : "")).join("")}`,
      ),
    ).toEqual([
      "user:one",
      "assistant:re: one",
      "user:two",
      "assistant:re: two",
      "user:three",
      "assistant:re: three",
    ]);
    // A finished reply's streamed events are deleted, so the numbers may skip, never repeat.
    const seqs = await eventSeqs(chatId);
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    expect(chat.lastEventSeq).toBe(seqs.at(-1));
  });

  it("starts exactly one turn when messages race on an idle chat", async () => {
    const { visitorId, chatId } = await newChat();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        sendMessage({ visitorId, chatId, text: `m${index}` }),
      ),
    );
    expect(results.filter((result) => result.status === "sent")).toHaveLength(1);
    expect(results.filter((result) => result.status === "queued")).toHaveLength(5);
    expect(await db().turn.count({ where: { chatId, status: "running" } })).toBe(1);
    await runChat(chatId, echo);
    expect(
      await db().item.count({ where: { chatId, role: "assistant", status: "complete" } }),
    ).toBe(6);
  });

  it("runs a turn once when two callers start the same chat", async () => {
    const { chatId } = await newChat("only once");
    await Promise.all([runChat(chatId, echo), runChat(chatId, echo), runChat(chatId, echo)]);
    expect(await db().item.count({ where: { chatId, role: "assistant" } })).toBe(1);
  });

  it("refuses another visitor's chat and writes nothing", async () => {
    const { chatId } = await newChat();
    await expect(
      sendMessage({ visitorId: randomUUID(), chatId, text: "intrusion" }),
    ).rejects.toMatchObject({ code: "chat-not-found" });
    await expect(loadChatView({ visitorId: randomUUID(), chatId })).rejects.toMatchObject({
      code: "chat-not-found",
    });
    expect(await db().item.count({ where: { chatId } })).toBe(0);
    expect(await db().queuedMessage.count({ where: { chatId } })).toBe(0);
  });

  it("keeps streaming after one delta write fails, and stores the whole reply", async () => {
    const { visitorId, chatId } = await newChat("steady");
    const slow: Agent = {
      async *reply({ signal }) {
        for (let index = 0; index < 20; index++) {
          await pause(50, signal);
          yield { type: "text", text: `w${index} ` };
        }
      },
    };
    const client = db();
    const queryRaw = client.$queryRaw;
    let writes = 0;
    // The turn's second delta write hits a database blip. Transactions call through here too, so
    // the original runs with the caller's `this`.
    const blip = vi.spyOn(client, "$queryRaw").mockImplementation(function (
      this: unknown,
      template: TemplateStringsArray,
      ...values: unknown[]
    ) {
      if (statementText(template, values).includes('UPDATE "Item"') && ++writes === 2)
        return Promise.reject(new Error("connection reset"));
      return queryRaw.call(this, template, ...values);
    } as typeof client.$queryRaw);
    try {
      await runChat(chatId, slow);
    } finally {
      blip.mockRestore();
    }
    expect(writes).toBeGreaterThan(2);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items[1]).toMatchObject({
      status: "complete",
      parts: [{ kind: "text", text: Array.from({ length: 20 }, (_, i) => `w${i} `).join("") }],
    });
    // Writes after the failed one streamed events, which the end replaced with the whole reply.
    const kept = await db().chatEvent.findMany({
      where: { chatId },
      orderBy: { seq: "asc" },
      select: { seq: true, type: true },
    });
    const created = kept.findLast((event) => event.type === "item.created")!;
    const completed = kept.find((event) => event.type === "item.completed")!;
    expect(completed.seq - created.seq - 1).toBeGreaterThan(1);
    expect(kept.filter((event) => event.seq > created.seq && event.seq < completed.seq)).toEqual(
      [],
    );
  });

  it("keeps a finished reply through a database blip at its end, and stores it whole", async () => {
    const { visitorId, chatId } = await newChat("blip");
    const client = db();
    const transaction = client.$transaction.bind(client);
    let failEnds = 0;
    const agent: Agent = {
      async *reply() {
        yield { type: "text", text: "a reply that must not be lost" };
        failEnds = 2;
      },
    };
    const blip = vi
      .spyOn(client, "$transaction")
      .mockImplementation(((...args: Parameters<typeof transaction>) =>
        failEnds-- > 0
          ? Promise.reject(new Error("database unavailable"))
          : transaction(...args)) as typeof client.$transaction);
    try {
      await runChat(chatId, agent);
    } finally {
      blip.mockRestore();
    }
    expect(failEnds).toBeLessThan(0);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items[1]).toMatchObject({
      status: "complete",
      parts: [{ kind: "text", text: "a reply that must not be lost" }],
    });
    expect(chat.running).toBe(false);
  });

  it("stores a reply cut inside a surrogate pair or holding NUL as well-formed text", async () => {
    const { visitorId, chatId } = await newChat("emoji");
    const agent: Agent = {
      async *reply() {
        yield { type: "text", text: "launch \uD83D" };
        yield { type: "text", text: "\uDE80 now\u0000" };
        yield { type: "subagent", parentToolUseId: "toolu_x", content: "half \uD83D" };
      },
    };
    await runChat(chatId, agent);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.map((item) => item.status)).toEqual(["complete", "complete", "complete"]);
    expect(chat.items[1]!.parts).toEqual([{ kind: "text", text: "launch 🚀 now\uFFFD" }]);
    expect(chat.items[2]!.parts).toEqual([{ kind: "text", text: "half \uFFFD" }]);
  });

  it("queues one event per message, never the whole queue, and refuses past the queue's limit", async () => {
    const { visitorId, chatId } = await newChat("busy");
    for (let index = 0; index < MAX_QUEUED; index++)
      await sendMessage({ visitorId, chatId, text: `queued ${index}` });
    const before = await eventSeqs(chatId);
    await expect(sendMessage({ visitorId, chatId, text: "one too many" })).rejects.toMatchObject({
      code: "queue-full",
      retryAfterSeconds: 10,
    });
    expect(await eventSeqs(chatId)).toEqual(before);
    const added = await db().chatEvent.findMany({
      where: { chatId, type: "queue.added" },
      select: { data: true },
    });
    expect(added).toHaveLength(MAX_QUEUED);
    for (const { data } of added) expect(JSON.stringify(data).length).toBeLessThan(200);
    await runChat(chatId, echo);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.queued).toEqual([]);
    expect(await db().chatEvent.count({ where: { chatId, type: "queue.removed" } })).toBe(
      MAX_QUEUED,
    );
  });

  it("marks a failed reply failed and moves on to the queue", async () => {
    const { visitorId, chatId } = await newChat("break");
    await sendMessage({ visitorId, chatId, text: "after" });
    const flaky: Agent = {
      async *reply({ message }) {
        yield { type: "text", text: "partial " };
        if (message === "break") throw new Error("model unavailable");
        yield { type: "text", text: "fine" };
      },
    };
    await runChat(chatId, flaky);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.map((item) => item.status)).toEqual([
      "complete",
      "failed",
      "complete",
      "complete",
    ]);
  });

  it("runs one turn per call when it hands the next to a fresh invocation", async () => {
    const { visitorId, chatId } = await newChat("first");
    await sendMessage({ visitorId, chatId, text: "second" });
    const handedOff: string[] = [];
    const handOff = async (id: string) => void handedOff.push(id);
    await runChat(chatId, echo, handOff);
    expect(handedOff).toEqual([chatId]);
    const statuses = async () =>
      (await loadChatView({ visitorId, chatId })).items.map(
        (item) => `${item.role}:${item.status}`,
      );
    expect(await statuses()).toEqual(["user:complete", "assistant:complete", "user:complete"]);
    // The invocation the hand-off asked for runs the queued turn.
    await runChat(chatId, echo, handOff);
    expect(await statuses()).toEqual([
      "user:complete",
      "assistant:complete",
      "user:complete",
      "assistant:complete",
    ]);
    expect((await loadChatView({ visitorId, chatId })).running).toBe(false);
  });
});

// A reply cut off by a dead process, then the queued message answered after recovery.
const INTERRUPTED_THEN_ANSWERED = [
  "user:complete",
  "assistant:interrupted",
  "user:complete",
  "assistant:complete",
];

describe("crash recovery", () => {
  it("interrupts a turn whose process was killed mid-reply and answers the queued message", async () => {
    const { visitorId, chatId } = await newChat("Tell me a long story");
    await sendMessage({ visitorId, chatId, text: "still there?" });

    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/test/run-chat-child.ts", chatId],
      {
        env: childEnv({ AGENT_DELTA_MS: "40", TURN_LEASE_MS: "600" }),
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise((resolve) => child.once("exit", resolve));

    // Kill it as soon as part of the reply is durable.
    await expect
      .poll(
        async () =>
          (await db().item.findFirst({ where: { chatId, role: "assistant" } }))?.content.length ??
          0,
        { timeout: 15_000, interval: 50 },
      )
      .toBeGreaterThan(20);
    child.kill("SIGKILL");
    await exited;
    expect(stderr).not.toMatch(/Error/);

    const turn = await db().turn.findFirstOrThrow({ where: { chatId, status: "running" } });
    await db().turn.update({
      where: { id: turn.id },
      data: { leaseExpiresAt: new Date(Date.now() - 1) },
    });
    expect(await recoverStaleTurns({ chatId })).toEqual([chatId]);
    await runChat(chatId, echo);

    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.map((item) => `${item.role}:${item.status}`)).toEqual(
      INTERRUPTED_THEN_ANSWERED,
    );
    expect(chat.items[1]!.parts[0]).toMatchObject({
      kind: "text",
      text: expect.stringContaining("lighthouse"),
    });
    expect(chat.items[3]!.parts[0]).toEqual({ kind: "text", text: "re: still there?" });
    expect(await db().turn.findUniqueOrThrow({ where: { id: turn.id } })).toMatchObject({
      status: "interrupted",
    });
  });

  it("leaves alone a turn whose lease is renewed while recovery looks at it", async () => {
    const { chatId } = await newChat("hello");
    const chat = await db().chat.findUniqueOrThrow({ where: { id: chatId } });
    const reply = await db().item.create({
      data: {
        chatId,
        position: 2,
        role: "assistant",
        status: "streaming",
        content: "half",
        snapshotSeq: chat.lastEventSeq,
      },
    });
    await db().turn.update({
      where: { id: chat.activeTurnId! },
      data: { replyItemId: reply.id, leaseExpiresAt: new Date(Date.now() - 1) },
    });
    // A heartbeat's renewal, held uncommitted until recovery waits for it.
    const heartbeat = openSession(readDatabaseUrl());
    try {
      await heartbeat.unsafe("BEGIN");
      const rows = await heartbeat.unsafe<{ pid: number }[]>("SELECT pg_backend_pid() AS pid");
      await heartbeat.unsafe(
        `UPDATE "Turn" SET "leaseExpiresAt" = now() + interval '1 minute' WHERE "id" = $1`,
        [chat.activeTurnId!],
      );
      const recovering = recoverStaleTurns({ chatId });
      await expect
        .poll(
          async () =>
            (
              await db().$queryRaw<
                { waiting: number }[]
              >`SELECT count(*)::int AS "waiting" FROM pg_stat_activity WHERE ${rows[0]!.pid}::int = ANY(pg_blocking_pids(pid))`
            )[0]!.waiting,
          { timeout: 10_000, interval: 20 },
        )
        .toBe(1);
      await heartbeat.unsafe("COMMIT");
      expect(await recovering).toEqual([]);
    } finally {
      await heartbeat.end();
    }
    expect(await db().turn.findUniqueOrThrow({ where: { id: chat.activeTurnId! } })).toMatchObject({
      status: "running",
    });
    expect(await db().item.findUniqueOrThrow({ where: { id: reply.id } })).toMatchObject({
      status: "streaming",
    });
  });

  it("leaves a turn with a live lease alone", async () => {
    const { chatId } = await newChat("hello");
    expect(await recoverStaleTurns({ chatId })).toEqual([]);
    expect(await db().turn.count({ where: { chatId, status: "running" } })).toBe(1);
  });

  it("runs a turn that was never claimed once its lease lapses", async () => {
    const { visitorId, chatId } = await newChat("orphan");
    await db().turn.updateMany({
      where: { chatId },
      data: { leaseExpiresAt: new Date(Date.now() - 1) },
    });
    expect(await recoverStaleTurns({ chatId })).toEqual([chatId]);
    await runChat(chatId, echo);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.map((item) => item.status)).toEqual(["complete", "complete"]);
  });
});
