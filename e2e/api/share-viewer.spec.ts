import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import { createChat, runSql, sameOrigin, settledChat } from "../support";
import { testDatabaseUrl } from "../../scripts/env";
import { type Param, withSession } from "../../scripts/db/session";
import { deploymentViewPart } from "../../scripts/test/mcp-app-fixtures";

// A share link's viewer, with no cookie of the owner's, tries every operation of the API against the
// shared chat, knowing its id, its reply's id and its pending confirmation's handle: each that
// reaches the chat is refused and nothing of the chat moves. The operations are read from the
// served OpenAPI document, built from every route file's own declarations (app/api/routes.ts), so a
// new route cannot be missed.

const PROMPT = "Email the release notes";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Parameter = { name: string; in: string };
type Documented = { parameters?: Parameter[]; responses: Record<string, unknown> };
type Route = { route: string; operations: Record<string, Documented> };

/** Each route of the served document, as `/api/chats/[chatId]`, with its operations by method. */
async function documentedRoutes(request: APIRequestContext): Promise<Route[]> {
  const document = (await (await request.get("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, Documented>>;
  };
  return Object.entries(document.paths).map(([path, operations]) => ({
    route: path.replace(/\{(\w+)\}/g, "[$1]"),
    operations: Object.fromEntries(
      Object.entries(operations).map(([method, operation]) => [method.toUpperCase(), operation]),
    ),
  }));
}

type Known = { chatId: string; itemId: string; confirmation: string; token: string };

/**
 * What a viewer gets from an operation, as its declaration says: one that names a chat by its id
 * (`params` with `chatId`) or that only the deployment may call (its admit check refuses with 401)
 * is refused, a 4xx saying the chat (or route) is not theirs; any other acts on the viewer's own
 * data, or reads the share link's chat, or is public.
 */
function isRefused(operation: Documented): boolean {
  return (
    (operation.parameters ?? []).some(
      ({ name, in: where }) => where === "path" && name === "chatId",
    ) || "401" in operation.responses
  );
}

/** Bodies that pass each route's schema, so a refusal is about whose chat it is, never the body's shape. */
function bodyFor(key: string, { itemId }: Known): unknown {
  const block = { itemId, blockId: "release-block", revision: 1, values: {} };
  const bodies: Record<string, unknown> = {
    // The viewer's own chat, empty: it starts no reply to load the run.
    "POST /api/chats": {},
    "PATCH /api/chats/[chatId]": { title: "Taken over" },
    "POST /api/chats/[chatId]/confirmations/[token]": { decision: "approve" },
    "POST /api/chats/[chatId]/grants": { grant: "ci", granted: false },
    "POST /api/chats/[chatId]/items/[itemId]/edit": { text: PROMPT },
    "POST /api/chats/[chatId]/items/[itemId]/regenerate": {},
    "POST /api/chats/[chatId]/messages": { text: PROMPT },
    "POST /api/chats/[chatId]/mcp-app-messages": {
      itemId,
      toolCallId: "call-1",
      message: { role: "user", content: [{ type: "text", text: "Taken over" }] },
    },
    "POST /api/chats/[chatId]/mcp-app-context": {
      itemId,
      toolCallId: "call-1",
      content: [{ type: "text", text: "Taken over" }],
    },
    "POST /api/chats/[chatId]/mcp-app-tool-calls": {
      itemId,
      toolCallId: "call-1",
      name: "deployment_slots",
      arguments: { weekOf: "2026-12-14" },
    },
    "POST /api/chats/[chatId]/selections": {
      itemId,
      instanceId: "release-email",
      choiceId: "send",
    },
    "POST /api/chats/[chatId]/turns/stop": {},
    "POST /api/chats/[chatId]/ui-choices": { ...block, choiceId: "release" },
    "POST /api/chats/[chatId]/ui-links": { ...block, nodeId: "file" },
    "POST /api/chats/[chatId]/ui-queries": { ...block, query: "ci.runs" },
    "POST /api/internal/turns/[chatId]": {},
    // The demo MCP server reaches no chat: anyone may ping it.
    "POST /api/mcp": { jsonrpc: "2.0", id: 1, method: "ping" },
  };
  return bodies[key];
}

function pathOf(route: string, known: Known): string {
  const token = route.startsWith("/api/shares/") ? known.token : known.confirmation;
  // A search for the shared chat's own words finds nothing of it: it is not the viewer's.
  const query = route.endsWith("/items")
    ? "?before=1"
    : route.endsWith("/search")
      ? `?q=${encodeURIComponent(PROMPT)}`
      : "";
  return (
    route
      .replace("[chatId]", known.chatId)
      .replace("[itemId]", known.itemId)
      .replace("[toolCallId]", VIEW.toolCallId)
      .replace("[token]", token) + query
  );
}

/** Everything of the chat a write could move, read straight from the database. */
async function chatState(chatId: string): Promise<unknown> {
  return withSession(testDatabaseUrl(), async (sql) => {
    const rows = await sql.unsafe(
      `SELECT row_to_json(c) AS chat,
        (SELECT count(*) FROM "Item" WHERE "chatId" = c."id") AS items,
        (SELECT max("seq") FROM "ChatEvent" WHERE "chatId" = c."id") AS "lastEvent",
        (SELECT count(*) FROM "ChatEvent" WHERE "chatId" = c."id") AS events,
        (SELECT count(*) FROM "Turn" WHERE "chatId" = c."id") AS turns,
        (SELECT count(*) FROM "QueuedMessage" WHERE "chatId" = c."id") AS queued,
        (SELECT count(*) FROM "RevokedGrant" WHERE "chatId" = c."id") AS revoked,
        (SELECT count(*) FROM "UiReading" WHERE "chatId" = c."id") AS readings,
        (SELECT count(*) FROM "UiAnswer" a JOIN "Item" i ON i."id" = a."itemId" WHERE i."chatId" = c."id") AS answers,
        (SELECT count(*) FROM "FrameSelection" s JOIN "Item" i ON i."id" = s."itemId" WHERE i."chatId" = c."id") AS selections,
        (SELECT count(*) FROM "McpAppAnswer" a JOIN "Item" i ON i."id" = a."itemId" WHERE i."chatId" = c."id") AS "mcpAppAnswers",
        (SELECT count(*) FROM "McpAppContext" x JOIN "Item" i ON i."id" = x."itemId" WHERE i."chatId" = c."id") AS "mcpAppContexts",
        (SELECT json_agg(json_build_object('status', "status", 'updatedAt', "updatedAt")) FROM "ActionConfirmation" WHERE "chatId" = c."id") AS confirmations
      FROM "Chat" c WHERE c."id" = $1`,
      [chatId],
    );
    return rows[0];
  });
}

/** An MCP App's view, as the demo server's tool call stores it. */
const VIEW = deploymentViewPart();

/**
 * A shared chat with a reply holding an MCP App's view and a pending confirmation, everything a
 * viewer might try to reach. The mock agent's reply to this prompt calls no MCP tool, so the view
 * is stored into it here, as the call would have stored it.
 */
async function sharedChat(request: APIRequestContext, baseURL: string | undefined): Promise<Known> {
  const chatId = await createChat(request, baseURL, PROMPT);
  const reply = (await settledChat(request, chatId)).items[1]!;
  const itemId = reply.id;
  await runSql(`UPDATE "Item" SET "parts" = $1 WHERE "id" = $2`, [
    [...reply.parts, VIEW] as unknown as Param,
    itemId,
  ]);
  const picked = await request.post(`/api/chats/${chatId}/selections`, {
    headers: sameOrigin(baseURL),
    data: { itemId, instanceId: "release-email", choiceId: "send" },
  });
  const { selection } = (await picked.json()) as { selection: { confirmationToken: string } };
  const shared = await request.post(`/api/chats/${chatId}/share`, { headers: sameOrigin(baseURL) });
  expect(shared.status()).toBe(200);
  const { token } = (await shared.json()) as { token: string };
  return { chatId, itemId, confirmation: selection.confirmationToken, token };
}

type Viewer = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; text: string }>;

test.describe("a share link's viewer", () => {
  test("is refused every route that reaches the chat, and nothing of it moves", async ({
    request,
    baseURL,
    playwright,
  }) => {
    // Every route and method, twice: a few hundred requests.
    test.setTimeout(120_000);
    const routes = await documentedRoutes(request);
    // Every share link's route is among them, and none of those reaches the chat by its id.
    const shareRoutes = routes.filter(({ route }) => route.startsWith("/api/shares/"));
    expect(shareRoutes.length).toBeGreaterThan(0);
    for (const { route, operations } of shareRoutes)
      expect(Object.values(operations).some(isRefused), route).toBe(false);

    const known = await sharedChat(request, baseURL);
    // The MCP route asks its clients to take JSON and event streams, as the protocol does.
    const headers = { ...sameOrigin(baseURL), accept: "application/json, text/event-stream" };
    // No cookie at all: each request is a stranger's (the proxy gives it a visitor of its own).
    const cookieless: Viewer = async (method, path, body) => {
      const response = await fetch(new URL(path, baseURL), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      // An open stream is not read to its end: its status is the answer.
      if (path.includes("/events") && response.ok) {
        await response.body?.cancel();
        return { status: response.status, text: "" };
      }
      return { status: response.status, text: await response.text() };
    };
    // A second visitor with a cookie of their own, who opened the link first.
    const second = await playwright.request.newContext({ baseURL });
    try {
      expect((await second.get(`/share/${known.token}`)).status()).toBe(200);
      const withCookie: Viewer = async (method, path, body) => {
        if (path.includes("/events")) return cookieless(method, path, body);
        const response = await second.fetch(path, { method, headers, data: body, timeout: 10_000 });
        return { status: response.status(), text: await response.text() };
      };
      const before = await chatState(known.chatId);
      for (const [name, viewer] of [
        ["no cookie", cookieless],
        ["own cookie", withCookie],
      ] as const) {
        for (const { route, operations } of routes) {
          for (const method of METHODS) {
            const key = `${method} ${route}`;
            const answer = await viewer(method, pathOf(route, known), bodyFor(key, known));
            const where = `${name}: ${key} answered ${answer.status} ${answer.text.slice(0, 200)}`;
            const operation = operations[method];
            if (!operation) {
              expect(answer.status, where).toBe(405);
              continue;
            }
            if (isRefused(operation)) {
              expect(answer.status, where).toBeGreaterThanOrEqual(400);
              expect(answer.status, where).toBeLessThan(500);
              expect(JSON.parse(answer.text).code, where).toMatch(
                /^(chat-not-found|not-found|unauthorized)$/,
              );
            } else {
              expect(answer.status, where).toBeLessThan(300);
              // What a viewer reads never names the chat's id or its confirmation's handle.
              expect(answer.text, where).not.toContain(known.chatId);
              expect(answer.text, where).not.toContain(known.confirmation);
            }
          }
        }
      }
      expect(await chatState(known.chatId)).toEqual(before);
    } finally {
      await second.dispose();
    }
  });

  test("reads the chat by the token, and the token alone; unsharing ends the link at once", async ({
    request,
    baseURL,
  }) => {
    const known = await sharedChat(request, baseURL);
    const view = await fetch(new URL(`/api/shares/${known.token}`, baseURL));
    expect(view.status).toBe(200);
    const body = (await view.json()) as {
      id: string;
      items: Array<{ confirmations: Record<string, { status: string }> }>;
    };
    expect(body.id).toBe(known.token);
    expect(Object.values(body.items[1]!.confirmations).map((entry) => entry.status)).toEqual([
      "pending",
    ]);

    for (const guess of [
      "A".repeat(43),
      known.chatId,
      known.token.slice(1) + "A",
      `${known.token}A`,
    ]) {
      expect((await fetch(new URL(`/api/shares/${guess}`, baseURL))).status, guess).toBe(404);
    }
    const page = await fetch(new URL(`/share/${known.token}`, baseURL));
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<meta name="robots" content="noindex, nofollow/);

    const unshared = await request.delete(`/api/chats/${known.chatId}/share`, {
      headers: sameOrigin(baseURL),
    });
    expect(await unshared.json()).toEqual({ shared: false, sharedAt: null });
    for (const path of [
      `/api/shares/${known.token}`,
      `/api/shares/${known.token}/events`,
      `/api/shares/${known.token}/items?before=1`,
    ]) {
      const gone = await fetch(new URL(path, baseURL));
      expect(gone.status, path).toBe(404);
      expect(await gone.json()).toMatchObject({ code: "share-not-found" });
    }
    expect((await fetch(new URL(`/share/${known.token}`, baseURL))).status).toBe(404);
  });
});
