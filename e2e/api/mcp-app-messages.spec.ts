import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import { createChat, runSql, sameOrigin, settledChat, textOf, type ChatBody } from "../support";
import { type Param, withSession } from "../../scripts/db/session";
import { testDatabaseUrl } from "../../scripts/env";

// An MCP App view's `ui/message` over HTTP: answered once per view however many times and however
// concurrently it is sent, refused with a code when malformed, and never by anyone but the owner.

const VIEW = {
  kind: "mcp-app",
  toolCallId: "call-plan-1",
  server: "demo",
  toolName: "pick_plan",
  resourceUri: "ui://demo/plan",
  input: {},
  result: { content: [{ type: "text", text: "Plans: basic, pro" }] },
  fallback: "Plans: basic, pro",
};

type Reply = ChatBody["items"][number] & {
  revision: number;
  mcpAppAnswers: Record<string, { text: string }>;
  origin: { kind: string } | null;
};

const says = (text: string) => ({ role: "user", content: [{ type: "text", text }] });

/**
 * A chat whose finished reply holds an MCP App view. The mock agent calls no MCP tool, so the part
 * is stored into its reply here, as a tool call would have stored it.
 */
async function chatWithView(request: APIRequestContext, baseURL: string | undefined) {
  const chatId = await createChat(request, baseURL, "Hello");
  const reply = (await settledChat(request, chatId)).items[1] as Reply;
  await runSql(`UPDATE "Item" SET "parts" = $1 WHERE "id" = $2`, [
    [...reply.parts, VIEW] as unknown as Param,
    reply.id,
  ]);
  const send = (message: unknown, context: APIRequestContext = request) =>
    context.post(`/api/chats/${chatId}/mcp-app-messages`, {
      headers: sameOrigin(baseURL),
      data: { itemId: reply.id, toolCallId: VIEW.toolCallId, revision: reply.revision, message },
    });
  return { chatId, reply, send };
}

/** Everything an answer writes, counted straight from the database. */
async function written(chatId: string) {
  return withSession(testDatabaseUrl(), async (sql) => {
    const [row] = await sql.unsafe(
      `SELECT (SELECT count(*) FROM "McpAppAnswer" a JOIN "Item" i ON i."id" = a."itemId" WHERE i."chatId" = $1)::int AS answers,
        (SELECT count(*) FROM "Item" WHERE "chatId" = $1 AND "origin"->>'kind' = 'mcpApp')::int AS messages,
        (SELECT count(*) FROM "QueuedMessage" WHERE "chatId" = $1)::int AS queued,
        (SELECT count(*) FROM "ChatEvent" WHERE "chatId" = $1)::int AS events`,
      [chatId],
    );
    return row as unknown as { answers: number; messages: number; queued: number; events: number };
  });
}

test.describe("an MCP App view's ui/message over HTTP", () => {
  test("answers 50 concurrent sends of one message alike, with one answer and one message", async ({
    request,
    baseURL,
  }) => {
    const { chatId, reply, send } = await chatWithView(request, baseURL);
    const responses = await Promise.all(Array.from({ length: 50 }, () => send(says("I pick pro"))));
    expect(responses.map((response) => response.status())).toEqual(
      Array.from({ length: 50 }, () => 200),
    );
    const bodies = await Promise.all(responses.map((response) => response.json()));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(bodies[0]).toMatchObject({
      status: "sent",
      answer: { toolCallId: VIEW.toolCallId, text: "I pick pro", queued: false },
    });
    const chat = await settledChat(request, chatId);
    const messages = chat.items.filter((item) => (item as Reply).origin?.kind === "mcpApp");
    expect(messages.map(textOf)).toEqual(["I pick pro"]);
    expect((await written(chatId)).answers).toBe(1);
    // What a page loads after a reload: the view answered, as the answer's own record says.
    const loaded = chat.items.find((item) => item.id === reply.id) as Reply;
    expect(loaded.mcpAppAnswers).toEqual({ [VIEW.toolCallId]: bodies[0].answer });
  });

  test("lets exactly one of 50 concurrent different messages win; the others are refused", async ({
    request,
    baseURL,
  }) => {
    const { chatId, send } = await chatWithView(request, baseURL);
    const texts = Array.from({ length: 50 }, (_, index) => `Option ${index}`);
    const responses = await Promise.all(texts.map((text) => send(says(text))));
    const won = responses.filter((response) => response.status() === 200);
    expect(won).toHaveLength(1);
    for (const response of responses.filter((response) => response.status() !== 200)) {
      expect(response.status()).toBe(409);
      expect(await response.json()).toMatchObject({ code: "mcp-app-already-answered" });
    }
    const winner = (await won[0]!.json()) as { answer: { text: string } };
    const chat = await settledChat(request, chatId);
    const messages = chat.items.filter((item) => (item as Reply).origin?.kind === "mcpApp");
    expect(messages.map(textOf)).toEqual([winner.answer.text]);
    expect(await written(chatId)).toMatchObject({ answers: 1, messages: 1 });
  });

  test("refuses malformed and oversized params, an unknown view and another visitor's chat, writing nothing", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const { chatId, reply, send } = await chatWithView(request, baseURL);
    const before = await written(chatId);
    const malformed: [unknown, string][] = [
      [{ ...says("pro"), role: "assistant" }, "invalid-body"],
      [
        { role: "user", content: [{ type: "image", data: "", mimeType: "image/png" }] },
        "invalid-body",
      ],
      [{ role: "user", content: [{ type: "resource_link", uri: "ui://x" }] }, "invalid-body"],
      [{ role: "user" }, "invalid-body"],
      [{ content: says("pro").content }, "invalid-body"],
      [{ role: "user", content: [] }, "invalid-body"],
      [says("   "), "invalid-body"],
      [says("x".repeat(4_001)), "invalid-body"],
      [says("pro\u0000"), "invalid-text"],
      ["pro", "invalid-body"],
    ];
    for (const [message, code] of malformed) {
      const response = await send(message);
      expect(response.status(), JSON.stringify(message).slice(0, 80)).toBe(400);
      expect(await response.json()).toMatchObject({ code });
    }
    const post = (data: unknown) =>
      request.post(`/api/chats/${chatId}/mcp-app-messages`, { headers: sameOrigin(baseURL), data });
    const view = { itemId: reply.id, toolCallId: VIEW.toolCallId, message: says("pro") };
    // JSON that is not an object, a field missing, one too many.
    for (const data of [
      "[]",
      "null",
      '"pro"',
      "{not json",
      { ...view, itemId: undefined },
      { ...view, extra: 1 },
    ]) {
      const response = await post(data);
      expect(response.status(), JSON.stringify(data)).toBe(400);
      expect(await response.json()).toMatchObject({ code: "invalid-body" });
    }
    const huge = await send(says("x".repeat(70_000)));
    expect(huge.status()).toBe(413);
    expect(await huge.json()).toMatchObject({ code: "body-too-large" });
    const unknown = await post({ ...view, toolCallId: "call-other" });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "mcp-app-not-found" });
    const stale = await post({ ...view, revision: reply.revision + 1 });
    expect(stale.status()).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "stale-mcp-app", reason: "revision" });
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      const response = await send(says("pro"), stranger);
      expect(response.status()).toBe(404);
      expect(await response.json()).toMatchObject({ code: "chat-not-found" });
    } finally {
      await stranger.dispose();
    }
    expect(await written(chatId)).toEqual(before);
    // After all of that the view still answers a valid message.
    expect((await send(says("pro"))).status()).toBe(200);
  });

  test("draws the view answered for a share link's viewer, who cannot answer it", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const { chatId, reply, send } = await chatWithView(request, baseURL);
    const shared = await request.post(`/api/chats/${chatId}/share`, {
      headers: sameOrigin(baseURL),
    });
    const { token } = (await shared.json()) as { token: string };
    const viewer = await playwright.request.newContext({ baseURL });
    try {
      expect((await viewer.get(`/share/${token}`)).status()).toBe(200);
      const refused = await send(says("I pick basic"), viewer);
      expect(refused.status()).toBe(404);
      expect(await refused.json()).toMatchObject({ code: "chat-not-found" });
      expect(await written(chatId)).toMatchObject({ answers: 0, messages: 0 });

      const answered = (await (await send(says("I pick pro"))).json()) as { answer: unknown };
      const seen = await viewer.get(`/api/shares/${token}`);
      expect(seen.status()).toBe(200);
      const { items } = (await seen.json()) as { items: Reply[] };
      expect(items.find((item) => item.id === reply.id)!.mcpAppAnswers).toEqual({
        [VIEW.toolCallId]: answered.answer,
      });
    } finally {
      await viewer.dispose();
    }
  });
});

test.describe("an MCP App view's ui/update-model-context over HTTP", () => {
  test("stores the view's latest context, refusing one past the bound or malformed", async ({
    request,
    baseURL,
  }) => {
    const { chatId, reply } = await chatWithView(request, baseURL);
    const update = (data: unknown) =>
      request.post(`/api/chats/${chatId}/mcp-app-context`, { headers: sameOrigin(baseURL), data });
    const view = { itemId: reply.id, toolCallId: VIEW.toolCallId };
    const stored = await update({ ...view, structuredContent: { plan: "pro" } });
    expect(stored.status()).toBe(200);
    expect(await stored.json()).toMatchObject({ updatedAt: expect.any(String) });
    const big = await update({ ...view, structuredContent: { note: "x".repeat(5_000) } });
    expect(big.status()).toBe(413);
    expect(await big.json()).toMatchObject({ code: "mcp-app-context-too-large" });
    for (const data of [
      { ...view, content: [{ type: "image", data: "" }] },
      { ...view, structuredContent: [1, 2] },
      { toolCallId: VIEW.toolCallId },
      "[]",
    ]) {
      const response = await update(data);
      expect(response.status(), JSON.stringify(data)).toBe(400);
      expect(await response.json()).toMatchObject({ code: "invalid-body" });
    }
    const unknown = await update({ ...view, toolCallId: "call-other" });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "mcp-app-not-found" });
    const rows = await withSession(testDatabaseUrl(), (sql) =>
      sql.unsafe(`SELECT "structuredContent" FROM "McpAppContext" WHERE "itemId" = $1`, [reply.id]),
    );
    expect(rows).toEqual([{ structuredContent: { plan: "pro" } }]);
  });
});
