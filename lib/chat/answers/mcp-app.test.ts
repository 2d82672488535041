import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { Agent, AgentRequest } from "@/lib/agent";
import { db, disconnectDb } from "@/lib/db/client";
import { isDatabaseBusy } from "@/lib/http/errors";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { sendMessage } from "../chats/send-message";
import { runChat } from "../turns/run";
import { MAX_MCP_APP_CONTEXT_BYTES } from "../wire/limits";
import { mcpAppContextBodySchema, mcpAppMessageBodySchema } from "../wire/requests";
import type { McpAppPart } from "../wire";
import { answerMcpAppMessage, contextBytesOver, updateMcpAppContext } from "./mcp-app";

afterAll(async () => {
  await disconnectDb();
});

const VIEW: McpAppPart = {
  kind: "mcp-app",
  toolCallId: "call-plan-1",
  server: "demo",
  toolName: "pick_plan",
  resourceUri: "ui://demo/plan",
  input: { seats: 5 },
  result: { content: [{ type: "text", text: "Plans: basic, pro" }] },
  fallback: "Plans: basic, pro",
};

/** An agent that answers plainly and keeps every request it was given. */
function plainAgent(seen: AgentRequest[] = []): Agent {
  return {
    async *reply(request) {
      seen.push(request);
      yield { type: "text", text: "Noted." };
    },
  };
}

const says = (text: string) => ({
  role: "user" as const,
  content: [{ type: "text" as const, text }],
});

/**
 * A chat whose finished reply holds an MCP App view, as a tool call stores it: the mock agent
 * writes only text, so the part is put into the stored reply here.
 */
async function chatWithView() {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message: "Offer me a plan" });
  await runChat(chatId, plainAgent());
  const chat = await loadChatView({ visitorId, chatId });
  const reply = chat.items.find((item) => item.role === "assistant")!;
  await db().item.update({ where: { id: reply.id }, data: { parts: [...reply.parts, VIEW] } });
  const target = { chatId, visitorId, itemId: reply.id, toolCallId: VIEW.toolCallId };
  const send = (text: string, extra: { revision?: number; toolCallId?: string } = {}) =>
    answerMcpAppMessage({ ...target, revision: reply.revision, message: says(text), ...extra });
  return { visitorId, chatId, reply, target, send };
}

async function counts(chatId: string) {
  const [items, answers, events, queued] = await Promise.all([
    db().item.count({ where: { chatId } }),
    db().mcpAppAnswer.count({ where: { item: { chatId } } }),
    db().chatEvent.count({ where: { chatId } }),
    db().queuedMessage.count({ where: { chatId } }),
  ]);
  return { items, answers, events, queued };
}

describe("an MCP App view's ui/message", () => {
  it("is sent as the person's next message once; the same again answers the same; another is refused", async () => {
    const { visitorId, chatId, reply, send } = await chatWithView();
    const first = await send("I pick pro");
    expect(first).toMatchObject({
      status: "sent",
      answer: { toolCallId: VIEW.toolCallId, text: "I pick pro", queued: false },
    });
    const before = await counts(chatId);
    expect(await send("I pick pro")).toEqual(first);
    expect(await counts(chatId)).toEqual(before);
    await expect(send("I pick basic")).rejects.toMatchObject({
      code: "mcp-app-already-answered",
    });
    expect(await counts(chatId)).toEqual(before);

    const chat = await loadChatView({ visitorId, chatId });
    const message = chat.items.at(-1)!;
    expect(message).toMatchObject({
      role: "user",
      parts: [{ kind: "text", text: "I pick pro" }],
      origin: {
        kind: "mcpApp",
        itemId: reply.id,
        toolCallId: VIEW.toolCallId,
        toolName: "pick_plan",
      },
    });
    // What a page loads after a reload, or in a second tab: the view answered.
    expect(chat.items.find((item) => item.id === reply.id)!.mcpAppAnswers).toEqual({
      [VIEW.toolCallId]: first.answer,
    });
    const answered = await db().chatEvent.findMany({
      where: { chatId, type: "mcp-app.answered" },
    });
    expect(answered.map((event) => event.data)).toEqual([
      { type: "mcp-app.answered", itemId: reply.id, answer: first.answer },
    ]);
  });

  it("joins the view's text blocks into one message", async () => {
    const { visitorId, chatId, target } = await chatWithView();
    const content = [
      { type: "text" as const, text: "Pro plan" },
      { type: "text" as const, text: "for 5 seats" },
    ];
    await answerMcpAppMessage({ ...target, message: { role: "user", content } });
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.at(-1)!.parts).toEqual([{ kind: "text", text: "Pro plan\n\nfor 5 seats" }]);
  });

  it("refuses an unknown reply or tool call, a streaming reply and a stale revision, writing nothing", async () => {
    const { visitorId, chatId, reply, target, send } = await chatWithView();
    const other = await chatWithView();
    const chat = await loadChatView({ visitorId, chatId });
    const before = await counts(chatId);
    const missing = [
      { ...target, itemId: randomUUID() },
      { ...target, toolCallId: "call-other" },
      // The person's own message holds no view; another chat's reply is not in this chat.
      { ...target, itemId: chat.items[0]!.id },
      { ...target, itemId: other.reply.id },
    ];
    for (const attempt of missing)
      await expect(answerMcpAppMessage({ ...attempt, message: says("pro") })).rejects.toMatchObject(
        { code: "mcp-app-not-found" },
      );
    await expect(send("pro", { revision: reply.revision + 1 })).rejects.toMatchObject({
      code: "stale-mcp-app",
      reason: "revision",
    });
    await db().item.update({ where: { id: reply.id }, data: { status: "streaming" } });
    await expect(send("pro")).rejects.toMatchObject({ code: "stale-mcp-app", reason: "streaming" });
    await db().item.update({ where: { id: reply.id }, data: { status: "interrupted" } });
    await expect(send("pro")).rejects.toMatchObject({
      code: "stale-mcp-app",
      reason: "unfinished",
    });
    for (const stranger of [{ visitorId: randomUUID() }, { chatId: randomUUID() }])
      await expect(
        answerMcpAppMessage({ ...target, ...stranger, message: says("pro") }),
      ).rejects.toMatchObject({ code: "chat-not-found" });
    expect(await counts(chatId)).toEqual(before);
    await db().item.update({ where: { id: reply.id }, data: { status: "complete" } });
    await expect(send("pro")).resolves.toMatchObject({ status: "sent" });
  });

  it("queues the message behind a running reply, then sends it in order under the turn it named", async () => {
    const { visitorId, chatId, reply, send } = await chatWithView();
    await sendMessage({ visitorId, chatId, text: "meanwhile" });
    const queued = await send("I pick pro");
    expect(queued).toMatchObject({ status: "queued", answer: { queued: true } });
    expect(await send("I pick pro")).toEqual(queued);
    const seen: AgentRequest[] = [];
    await runChat(chatId, plainAgent(seen));
    const chat = await loadChatView({ visitorId, chatId });
    const users = chat.items.filter((item) => item.role === "user");
    expect(users.map((item) => (item.parts[0] as { text: string }).text)).toEqual([
      "Offer me a plan",
      "meanwhile",
      "I pick pro",
    ]);
    expect(chat.items.find((item) => item.id === reply.id)!.mcpAppAnswers).toMatchObject({
      [VIEW.toolCallId]: { text: "I pick pro", queued: false },
    });
    // Every open page learned the view was answered, then that its answer was sent.
    const events = await db().chatEvent.findMany({
      where: { chatId, type: "mcp-app.answered" },
      orderBy: { seq: "asc" },
    });
    expect(
      events.map((event) => (event.data as { answer: { queued: boolean } }).answer.queued),
    ).toEqual([true, false]);
    const row = await db().mcpAppAnswer.findFirstOrThrow({ where: { itemId: reply.id } });
    expect(row.messageId).toBe(users.at(-1)!.id);
    // The agent reads the view's message as the view's, not as words the person typed.
    expect(seen.at(-1)!.message).toBe(
      "The person answered in the view of your pick_plan tool; their message is what the view sent.\n\nI pick pro",
    );
    expect(await send("I pick pro")).toMatchObject({ status: "sent", answer: { queued: false } });
  });

  it("records exactly one answer and one message when 50 different messages race", async () => {
    const { visitorId, chatId, reply, send } = await chatWithView();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) => send(`option ${index}`)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    // Under load a message may not get a connection in time (a route answers it 503 busy).
    for (const result of results) {
      if (result.status === "rejected" && !isDatabaseBusy(result.reason))
        expect(result.reason).toMatchObject({ code: "mcp-app-already-answered" });
    }
    expect(await db().mcpAppAnswer.count({ where: { itemId: reply.id } })).toBe(1);
    const chat = await loadChatView({ visitorId, chatId });
    expect(chat.items.filter((item) => item.origin?.kind === "mcpApp")).toHaveLength(1);
  });

  it("takes only text blocks from the user, with some text, within the bound", () => {
    const body = { itemId: randomUUID(), toolCallId: "call-1" };
    const parse = (message: unknown) => mcpAppMessageBodySchema.safeParse({ ...body, message });
    expect(parse(says("pro")).success).toBe(true);
    expect(parse({ ...says("pro"), role: "assistant" }).success).toBe(false);
    expect(
      parse({ role: "user", content: [{ type: "image", data: "", mimeType: "image/png" }] })
        .success,
    ).toBe(false);
    expect(parse({ role: "user", content: [] }).success).toBe(false);
    expect(parse(says("   ")).success).toBe(false);
    expect(parse(says("x".repeat(4_000))).success).toBe(true);
    const long = parse(says("x".repeat(4_001)));
    expect(long.error?.issues[0]).toMatchObject({ code: "too_big", path: ["message", "content"] });
  });
});

describe("an MCP App view's ui/update-model-context", () => {
  it("keeps one context a view, the latest, and gives it to the agent on its next turn", async () => {
    const { visitorId, chatId, reply, target } = await chatWithView();
    await updateMcpAppContext({
      ...target,
      content: [{ type: "text", text: "Basic is selected" }],
    });
    await updateMcpAppContext({
      ...target,
      content: [{ type: "text", text: "Pro is selected" }],
      structuredContent: { plan: "pro", seats: 5 },
    });
    const rows = await db().mcpAppContext.findMany({ where: { itemId: reply.id } });
    expect(rows).toMatchObject([
      { toolName: "pick_plan", structuredContent: { plan: "pro", seats: 5 } },
    ]);

    const seen: AgentRequest[] = [];
    await sendMessage({ visitorId, chatId, text: "Which did I choose?" });
    await runChat(chatId, plainAgent(seen));
    const history = seen[0]!.history;
    expect(history.at(-1)).toEqual({
      role: "assistant",
      content:
        'Noted.\n[The view of your pick_plan tool reports: Pro is selected {"plan":"pro","seats":5}]',
    });
    expect(JSON.stringify(history)).not.toContain("Basic is selected");
  });

  it("refuses a context past the bound, an unknown view and a stranger's chat, storing nothing", async () => {
    const { reply, target } = await chatWithView();
    const big = { note: "x".repeat(MAX_MCP_APP_CONTEXT_BYTES) };
    await expect(updateMcpAppContext({ ...target, structuredContent: big })).rejects.toMatchObject({
      code: "mcp-app-context-too-large",
    });
    // Nested past what JSON.stringify can hold: refused by its size, never thrown as a crash.
    const deep = JSON.parse(`{"a":${"[".repeat(40_000)}${"]".repeat(40_000)}}`);
    expect(
      mcpAppContextBodySchema.safeParse({
        itemId: target.itemId,
        toolCallId: target.toolCallId,
        structuredContent: deep,
      }).success,
    ).toBe(true);
    await expect(updateMcpAppContext({ ...target, structuredContent: deep })).rejects.toMatchObject(
      { code: "mcp-app-context-too-large" },
    );
    await expect(
      updateMcpAppContext({ ...target, toolCallId: "call-other", content: [] }),
    ).rejects.toMatchObject({ code: "mcp-app-not-found" });
    await expect(
      updateMcpAppContext({ ...target, visitorId: randomUUID(), content: [] }),
    ).rejects.toMatchObject({ code: "chat-not-found" });
    expect(await db().mcpAppContext.count({ where: { itemId: reply.id } })).toBe(0);
  });

  it("answers mcp-app-not-found, storing nothing, when the reply is deleted while the context is written", async () => {
    const { reply, target } = await chatWithView();
    let writing: Promise<unknown> | undefined;
    await db().$transaction(async (tx) => {
      const [{ pid }] = await tx.$queryRaw<[{ pid: number }]>`SELECT pg_backend_pid() AS "pid"`;
      // An edit or a chat's deletion removes the reply, uncommitted while the view's write starts.
      await tx.item.delete({ where: { id: reply.id } });
      writing = updateMcpAppContext({ ...target, content: [] }).catch((error: unknown) => error);
      // The write has read the reply and waits on its row, which the deletion holds.
      await expect
        .poll(async () => (await lockWaiters(pid)) > 0, { timeout: 10_000, interval: 20 })
        .toBe(true);
    });
    expect(await writing).toMatchObject({ code: "mcp-app-not-found" });
    expect(await db().mcpAppContext.count({ where: { itemId: reply.id } })).toBe(0);
  });

  it("measures the context's JSON in bytes, never counting less than it holds", () => {
    // 11 bytes of JSON around ten two-byte letters.
    expect(contextBytesOver({ text: "é".repeat(10) }, 31)).toBe(false);
    expect(contextBytesOver({ text: "é".repeat(10) }, 30)).toBe(true);
    // 11 bytes around a thousand ones and their 999 commas.
    const list = { list: Array.from({ length: 1_000 }, () => 1) };
    expect(contextBytesOver(list, 2_010)).toBe(false);
    expect(contextBytesOver(list, 2_009)).toBe(true);
  });
});

/** How many server processes wait for a lock the process `pid` holds. */
async function lockWaiters(pid: number): Promise<number> {
  const [row] = await db().$queryRaw<{ waiters: number }[]>`
    SELECT count(*)::int AS "waiters" FROM pg_stat_activity WHERE ${pid}::int = ANY (pg_blocking_pids(pid))`;
  return row!.waiters;
}
