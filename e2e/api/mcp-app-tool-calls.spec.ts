import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import { createChat, runSql, sameOrigin, settledChat } from "../support";
import { type Param, withSession } from "../../scripts/db/session";
import { testDatabaseUrl } from "../../scripts/env";

// An MCP App view's `tools/call` over HTTP: only an app tool of the view's own server, with
// arguments its schema accepts, is called; a side effect is proposed once, however many times and
// however concurrently it is asked for, and runs only when approved.

type ViewPart = { kind: string; toolCallId: string; server: string };

// A free window of the demo week (lib/mcp/calendar.ts).
const BOOKING = { service: "checkout", windowId: "2026-12-08T13" };

/** The starter's chat, whose finished reply holds the demo server's view. */
async function chatWithView(request: APIRequestContext, baseURL: string | undefined) {
  const chatId = await createChat(request, baseURL, "Choose a deployment window");
  const reply = (await settledChat(request, chatId)).items[1]!;
  const part = (reply.parts as unknown as ViewPart[]).find((each) => each.kind === "mcp-app")!;
  expect(part).toBeDefined();
  const post = (data: unknown, context: APIRequestContext = request) =>
    context.post(`/api/chats/${chatId}/mcp-app-tool-calls`, {
      headers: sameOrigin(baseURL),
      data,
    });
  const call = (name: string, args?: unknown, context?: APIRequestContext) =>
    post({ itemId: reply.id, toolCallId: part.toolCallId, name, arguments: args }, context);
  return { chatId, reply, part, post, call };
}

/** Everything a call could write, counted straight from the database. */
async function countWritten(chatId: string) {
  return withSession(testDatabaseUrl(), async (sql) => {
    const [row] = await sql.unsafe(
      `SELECT (SELECT count(*) FROM "ActionConfirmation" WHERE "chatId" = $1)::int AS confirmations,
        (SELECT count(*) FROM "Item" WHERE "chatId" = $1)::int AS items,
        (SELECT count(*) FROM "ChatEvent" WHERE "chatId" = $1)::int AS events`,
      [chatId],
    );
    return row as unknown as { confirmations: number; items: number; events: number };
  });
}

type Asked = { structuredContent: { confirmation: { token: string; status: string } } };

test.describe("an MCP App view's tools/call over HTTP", () => {
  test("runs an app tool of the view's server and answers its CallToolResult", async ({
    request,
    baseURL,
  }) => {
    const { chatId, call } = await chatWithView(request, baseURL);
    const before = await countWritten(chatId);
    const response = await call("deployment_slots", { weekOf: "2026-12-14" });
    expect(response.status()).toBe(200);
    const result = (await response.json()) as {
      content: { type: string; text: string }[];
      structuredContent: { weekOf: string; windows: unknown[] };
    };
    expect(result.structuredContent.weekOf).toBe("2026-12-14");
    expect(result.structuredContent.windows.length).toBeGreaterThan(0);
    expect(result.content[0]).toMatchObject({ type: "text" });
    expect(await countWritten(chatId)).toEqual(before);
  });

  test("refuses a foreign tool, bad arguments, malformed and oversized params and strangers, writing nothing", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const { chatId, reply, part, post, call } = await chatWithView(request, baseURL);
    // A second view in the reply, of a server this host does not reach.
    const foreign = { ...part, toolCallId: "call-foreign", server: "elsewhere" };
    await runSql(`UPDATE "Item" SET "parts" = "parts" || $1::jsonb WHERE "id" = $2`, [
      [foreign] as unknown as Param,
      reply.id,
    ]);
    const before = await countWritten(chatId);
    const refusals: [() => ReturnType<typeof call>, number, string, unknown?][] = [
      [() => call("drop_database", {}), 403, "mcp-tool-not-allowed"],
      [
        () =>
          post({
            itemId: reply.id,
            toolCallId: foreign.toolCallId,
            name: "deployment_slots",
            arguments: { weekOf: "2026-12-14" },
          }),
        403,
        "mcp-tool-not-allowed",
      ],
      [
        () => call("deployment_slots", { weekOf: "soon" }),
        422,
        "mcp-tool-arguments-invalid",
        ["weekOf"],
      ],
      [() => call("deployment_slots", {}), 422, "mcp-tool-arguments-invalid", ["weekOf"]],
      [
        () => call("schedule_deployment", { service: "" }),
        422,
        "mcp-tool-arguments-invalid",
        ["service", "windowId"],
      ],
      [
        () => call("deployment_slots", { weekOf: "2026-12-14", note: "x".repeat(5_000) }),
        413,
        "mcp-tool-arguments-too-large",
      ],
      [() => call("deployment_slots", { note: "x".repeat(70_000) }), 413, "body-too-large"],
      [() => call("deployment_slots", [1, 2]), 400, "invalid-body"],
      [() => call("deployment_slots", "weekOf=2026-12-14"), 400, "invalid-body"],
      [() => call("", {}), 400, "invalid-body"],
      [() => call("x".repeat(129), {}), 400, "invalid-body"],
      [() => post({ itemId: reply.id, name: "deployment_slots" }), 400, "invalid-body"],
      [
        () =>
          post({ itemId: reply.id, toolCallId: part.toolCallId, name: "deployment_slots", x: 1 }),
        400,
        "invalid-body",
      ],
      [() => post("{not json"), 400, "invalid-body"],
      [() => post("[]"), 400, "invalid-body"],
      [
        () => post({ itemId: reply.id, toolCallId: "call-other", name: "deployment_slots" }),
        404,
        "mcp-app-not-found",
      ],
    ];
    for (const [send, status, code, fields] of refusals) {
      const response = await send();
      const body = (await response.json()) as { code: string; fields?: string[] };
      expect(response.status(), code).toBe(status);
      expect(body.code).toBe(code);
      if (fields) expect(body.fields).toEqual(fields);
    }
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      const response = await call("deployment_slots", { weekOf: "2026-12-14" }, stranger);
      expect(response.status()).toBe(404);
      expect(await response.json()).toMatchObject({ code: "chat-not-found" });
      const proposed = await call("schedule_deployment", BOOKING, stranger);
      expect(proposed.status()).toBe(404);
    } finally {
      await stranger.dispose();
    }
    expect(await countWritten(chatId)).toEqual(before);
  });

  test("counts each call against the visitor's limit, and past it runs nothing", async ({
    request,
    baseURL,
  }) => {
    const { chatId, call } = await chatWithView(request, baseURL);
    const count = async () => {
      const rows = await withSession(testDatabaseUrl(), (sql) =>
        sql.unsafe(
          `SELECT w."count" FROM "RequestWindow" w JOIN "Chat" c ON c."visitorId" = w."visitorId" WHERE c."id" = $1`,
          [chatId],
        ),
      );
      return (rows[0] as unknown as { count: number }).count;
    };
    const before = await count();
    expect((await call("deployment_slots", { weekOf: "2026-12-14" })).status()).toBe(200);
    expect(await count()).toBe(before + 1);
    await runSql(
      `UPDATE "RequestWindow" SET "count" = 1000000 WHERE "visitorId" = (SELECT "visitorId" FROM "Chat" WHERE "id" = $1)`,
      [chatId],
    );
    const written = await countWritten(chatId);
    const limited = await call("schedule_deployment", BOOKING);
    expect(limited.status()).toBe(429);
    expect(await limited.json()).toMatchObject({ code: "rate-limited" });
    expect(await countWritten(chatId)).toEqual(written);
  });

  test("makes one proposal of 20 concurrent side-effect calls, run once when approved", async ({
    request,
    baseURL,
  }) => {
    const { chatId, reply, call } = await chatWithView(request, baseURL);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call("schedule_deployment", BOOKING)),
    );
    expect(responses.map((response) => response.status())).toEqual(
      Array.from({ length: 20 }, () => 200),
    );
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as Asked[];
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const { token, status } = bodies[0]!.structuredContent.confirmation;
    expect(status).toBe("pending");
    expect(await countWritten(chatId)).toMatchObject({ confirmations: 1 });
    // Drawn from the reply, with the view it came from.
    const chat = (await (await request.get(`/api/chats/${chatId}?from=0`)).json()) as {
      items: { id: string; confirmations: Record<string, { instanceId: string }> }[];
    };
    const item = chat.items.find((each) => each.id === reply.id)!;
    expect(item.confirmations[token]).toMatchObject({ status: "pending" });

    const approve = () =>
      request.post(`/api/chats/${chatId}/confirmations/${token}`, {
        headers: sameOrigin(baseURL),
        data: { decision: "approve" },
      });
    const approved = await approve();
    expect(approved.status()).toBe(200);
    expect(await approved.json()).toMatchObject({
      confirmation: {
        status: "approved",
        outcome: {
          kind: "executed",
          result: { scheduled: true, bookingId: "dep-checkout-2026-12-08T13" },
        },
      },
    });
    // Approving again answers the same; the tool ran once, as its one outcome says.
    expect(await (await approve()).json()).toEqual(await approved.json());
    // Its proposal settled, the same call proposes anew.
    const again = (await (await call("schedule_deployment", BOOKING)).json()) as Asked;
    expect(again.structuredContent.confirmation.token).not.toBe(token);
    expect(await countWritten(chatId)).toMatchObject({ confirmations: 2 });
  });

  test("a rejected proposal never runs", async ({ request, baseURL }) => {
    const { chatId, call } = await chatWithView(request, baseURL);
    const asked = (await (await call("schedule_deployment", BOOKING)).json()) as Asked;
    const { token } = asked.structuredContent.confirmation;
    const rejected = await request.post(`/api/chats/${chatId}/confirmations/${token}`, {
      headers: sameOrigin(baseURL),
      data: { decision: "reject" },
    });
    expect(rejected.status()).toBe(200);
    expect(await rejected.json()).toMatchObject({
      confirmation: { status: "rejected", outcome: { kind: "rejected" } },
    });
    const rows = await withSession(testDatabaseUrl(), (sql) =>
      sql.unsafe(`SELECT "status", "outcome" FROM "ActionConfirmation" WHERE "chatId" = $1`, [
        chatId,
      ]),
    );
    expect(rows).toEqual([{ status: "rejected", outcome: { kind: "rejected", reason: null } }]);
  });
});
