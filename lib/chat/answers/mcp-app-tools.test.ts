import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Agent } from "@/lib/agent";
import { db, disconnectDb } from "@/lib/db/client";
import { mcpAppActions } from "@/lib/mcp/actions";
import { DEMO_SERVER, DEPLOYMENT_WINDOW_URI, REQUIRES_CONFIRMATION } from "@/lib/mcp/demo-server";
import { connectDemoClient, connectServer } from "@/lib/mcp/host";
import { loadChatView } from "../chats/chat-view";
import { createChat } from "../chats/manage";
import { runChat } from "../turns/run";
import { MAX_MCP_TOOL_ARGUMENTS_BYTES } from "../wire/limits";
import { mcpAppToolCallBodySchema } from "../wire/requests";
import type { McpAppPart } from "../wire";
import { decideConfirmation } from "./confirmations";
import { callMcpAppTool } from "./mcp-app-tools";

// Passed through, so a test can hand the flow a server that lists its tools otherwise.
vi.mock("@/lib/mcp/host", async (original) => {
  const host = await original<typeof import("@/lib/mcp/host")>();
  return { ...host, connectServer: vi.fn(host.connectServer) };
});

afterAll(async () => {
  await disconnectDb();
});

const VIEW: McpAppPart = {
  kind: "mcp-app",
  toolCallId: "call-deploy-1",
  server: DEMO_SERVER,
  toolName: "choose_deployment_window",
  resourceUri: DEPLOYMENT_WINDOW_URI,
  input: { service: "billing" },
  result: { content: [{ type: "text", text: "Free windows for billing" }] },
  fallback: "Free windows for billing",
};

const quiet: Agent = {
  async *reply() {
    yield { type: "text", text: "Noted." };
  },
};

// A free window of the demo week (lib/mcp/calendar.ts).
const BOOKING = { service: "billing", windowId: "2026-12-08T13" };

/**
 * A chat whose finished reply holds the demo server's view, as a tool call stores it: the part is
 * put into the stored reply here. `parts` replaces the view, for a part naming another server.
 */
async function chatWithView(view: McpAppPart = VIEW) {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message: "Deploy billing" });
  await runChat(chatId, quiet);
  const reply = (await loadChatView({ visitorId, chatId })).items[1]!;
  await db().item.update({ where: { id: reply.id }, data: { parts: [...reply.parts, view] } });
  const call = (name: string, args?: Record<string, unknown>, who = visitorId) =>
    callMcpAppTool({
      chatId,
      visitorId: who,
      itemId: reply.id,
      toolCallId: view.toolCallId,
      name,
      arguments: args,
    });
  return { visitorId, chatId, reply, call };
}

async function counts(chatId: string) {
  const [confirmations, events, items] = await Promise.all([
    db().actionConfirmation.count({ where: { chatId } }),
    db().chatEvent.count({ where: { chatId } }),
    db().item.count({ where: { chatId } }),
  ]);
  return { confirmations, events, items };
}

describe("a view's tools/call", () => {
  it("runs an app tool of the view's own server at once and answers its result", async () => {
    const { chatId, call } = await chatWithView();
    const before = await counts(chatId);
    const result = await call("deployment_slots", { weekOf: "2026-12-14" });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ weekOf: "2026-12-14" });
    expect((result.structuredContent as { windows: unknown[] }).windows.length).toBeGreaterThan(0);
    expect(await counts(chatId)).toEqual(before);
  });

  it("refuses a tool the server does not list, a server the host lacks, and bad arguments, writing nothing", async () => {
    const { chatId, call } = await chatWithView();
    const before = await counts(chatId);
    await expect(call("drop_database", {})).rejects.toMatchObject({
      code: "mcp-tool-not-allowed",
      status: 403,
    });
    await expect(call("deployment_slots", { weekOf: "next week" })).rejects.toMatchObject({
      code: "mcp-tool-arguments-invalid",
      status: 422,
      details: { fields: ["weekOf"] },
    });
    await expect(call("deployment_slots")).rejects.toMatchObject({
      code: "mcp-tool-arguments-invalid",
      details: { fields: ["weekOf"] },
    });
    await expect(
      call("schedule_deployment", { service: "billing", windowId: "" }),
    ).rejects.toMatchObject({
      code: "mcp-tool-arguments-invalid",
      details: { fields: ["windowId"] },
    });
    await expect(
      call("deployment_slots", {
        weekOf: "2026-12-14",
        pad: "x".repeat(MAX_MCP_TOOL_ARGUMENTS_BYTES),
      }),
    ).rejects.toMatchObject({ code: "mcp-tool-arguments-too-large", status: 413 });
    expect(await counts(chatId)).toEqual(before);

    const foreign = await chatWithView({ ...VIEW, server: "elsewhere" });
    const foreignBefore = await counts(foreign.chatId);
    await expect(foreign.call("deployment_slots", { weekOf: "2026-12-14" })).rejects.toMatchObject({
      code: "mcp-tool-not-allowed",
    });
    expect(await counts(foreign.chatId)).toEqual(foreignBefore);
  });

  it("refuses a stranger as a chat that is not there, and a view the reply does not hold", async () => {
    const { call } = await chatWithView();
    await expect(
      call("deployment_slots", { weekOf: "2026-12-14" }, randomUUID()),
    ).rejects.toMatchObject({ code: "chat-not-found" });
    const other = await chatWithView({ ...VIEW, toolCallId: "call-other" });
    await expect(
      callMcpAppTool({
        chatId: other.chatId,
        visitorId: other.visitorId,
        itemId: other.reply.id,
        toolCallId: VIEW.toolCallId,
        name: "deployment_slots",
        arguments: { weekOf: "2026-12-14" },
      }),
    ).rejects.toMatchObject({ code: "mcp-app-not-found" });
  });

  for (const [what, meta] of [
    ["a model-only tool", { ui: { visibility: ["model"] } }],
    ["a side effect the host has no typed action for", { [REQUIRES_CONFIRMATION]: true }],
  ] as const)
    it(`refuses ${what}, writing nothing`, async () => {
      const { chatId, call } = await chatWithView();
      // The demo server has neither: here it lists `deployment_slots` so.
      const client = await connectDemoClient();
      const listed = await client.listTools();
      const relisted = listed.tools.map((tool) =>
        tool.name === "deployment_slots" ? { ...tool, _meta: meta } : tool,
      );
      vi.spyOn(client, "listTools").mockResolvedValue({ ...listed, tools: relisted });
      const callTool = vi.spyOn(client, "callTool");
      vi.mocked(connectServer).mockResolvedValueOnce(client);
      const before = await counts(chatId);
      await expect(call("deployment_slots", { weekOf: "2026-12-14" })).rejects.toMatchObject({
        code: "mcp-tool-not-allowed",
      });
      expect(callTool).not.toHaveBeenCalled();
      expect(await counts(chatId)).toEqual(before);
    });

  it("bounds the body: a tool's name, known fields only, arguments a record", () => {
    const view = { itemId: randomUUID(), toolCallId: "call-1" };
    for (const body of [
      { ...view, name: "" },
      { ...view, name: "x".repeat(129) },
      { ...view, name: "deployment_slots", arguments: [] },
      { ...view, name: "deployment_slots", arguments: "weekOf" },
      { ...view, name: "deployment_slots", extra: true },
      { ...view, name: "deployment_slots", arguments: { note: "a\u0000b" } },
    ])
      expect(mcpAppToolCallBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});

describe("a view's call to a side-effect tool", () => {
  it("proposes it without running it; the same call again answers the same proposal", async () => {
    const { chatId, reply, call } = await chatWithView();
    const execute = vi.spyOn(mcpAppActions[0]!, "execute");
    try {
      const first = await call("schedule_deployment", BOOKING);
      expect(first.isError).toBeUndefined();
      const { token } = (first.structuredContent as { confirmation: { token: string } })
        .confirmation;
      expect(first.structuredContent).toMatchObject({ confirmation: { status: "pending" } });
      expect(await call("schedule_deployment", BOOKING)).toEqual(first);
      const rows = await db().actionConfirmation.findMany({ where: { chatId } });
      expect(rows).toMatchObject([
        {
          token,
          itemId: reply.id,
          instanceId: `mcp-app:${VIEW.toolCallId}`,
          choiceId: "schedule_deployment",
          action: "schedule-deployment",
          input: BOOKING,
          status: "pending",
        },
      ]);
      // Every page draws it from its event, and a reload from the reply's confirmations.
      const event = await db().chatEvent.findFirstOrThrow({
        where: { chatId, type: "confirmation.updated" },
      });
      expect(event.data).toMatchObject({ itemId: reply.id, confirmation: { token } });
      const view = await loadChatView({ visitorId: rows[0]!.visitorId, chatId });
      expect(view.items[1]!.confirmations[token]).toMatchObject({ status: "pending" });
      // Another booking is another proposal.
      await call("schedule_deployment", { ...BOOKING, windowId: "2026-12-08T16" });
      expect(await db().actionConfirmation.count({ where: { chatId } })).toBe(2);
      expect(execute).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
    }
  });

  it("makes one proposal of 20 concurrent calls", async () => {
    const { chatId, call } = await chatWithView();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call("schedule_deployment", BOOKING)),
    );
    for (const result of results) expect(result).toEqual(results[0]);
    expect(await db().actionConfirmation.count({ where: { chatId } })).toBe(1);
  });

  it("runs the server's tool once when approved, and never when rejected", async () => {
    const execute = vi.spyOn(mcpAppActions[0]!, "execute");
    try {
      const approved = await chatWithView();
      const asked = await approved.call("schedule_deployment", BOOKING);
      const { token } = (asked.structuredContent as { confirmation: { token: string } })
        .confirmation;
      const approve = () =>
        decideConfirmation({
          visitorId: approved.visitorId,
          chatId: approved.chatId,
          token,
          decision: "approve",
        });
      expect(await approve()).toMatchObject({
        status: "approved",
        outcome: {
          kind: "executed",
          result: { scheduled: true, bookingId: "dep-billing-2026-12-08T13" },
        },
      });
      await approve();
      expect(execute).toHaveBeenCalledTimes(1);

      const rejected = await chatWithView();
      const proposed = await rejected.call("schedule_deployment", BOOKING);
      const other = (proposed.structuredContent as { confirmation: { token: string } }).confirmation
        .token;
      expect(
        await decideConfirmation({
          visitorId: rejected.visitorId,
          chatId: rejected.chatId,
          token: other,
          decision: "reject",
        }),
      ).toMatchObject({ status: "rejected", outcome: { kind: "rejected" } });
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
  });

  it("is approved as failed when the server refuses it, as a window already taken", async () => {
    const { visitorId, chatId, call } = await chatWithView();
    // Not a free window of the demo week: the server answers an error result.
    const asked = await call("schedule_deployment", { ...BOOKING, windowId: "2026-12-08T09" });
    const { token } = (asked.structuredContent as { confirmation: { token: string } }).confirmation;
    expect(
      await decideConfirmation({ visitorId, chatId, token, decision: "approve" }),
    ).toMatchObject({
      status: "approved",
      outcome: { kind: "failed", code: "ACTION_EXECUTION_FAILED" },
    });
  });
});
