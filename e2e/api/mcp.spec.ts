import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test } from "./contract";

// The demo MCP server as any MCP client reaches it: the SDK's own client over Streamable HTTP.

const MCP_HEADERS = { accept: "application/json, text/event-stream" };

test("an MCP client initialises against /api/mcp, lists the tools, calls the app tool and reads its view", async ({
  baseURL,
}) => {
  const client = new Client({ name: "api-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/api/mcp", baseURL)));
  expect(client.getServerVersion()?.name).toBe("answerable-demo");
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual([
    "choose_deployment_window",
    "deployment_slots",
    "schedule_deployment",
  ]);
  const app = tools.find((tool) => tool.name === "choose_deployment_window")!;
  expect(app._meta?.ui).toEqual({
    resourceUri: "ui://answerable/deployment-window",
    visibility: ["model", "app"],
  });
  const result = (await client.callTool({
    name: "choose_deployment_window",
    arguments: { service: "checkout" },
  })) as CallToolResult;
  expect(result.structuredContent).toMatchObject({ service: "checkout", weekOf: "2026-12-07" });
  expect(result.content[0]).toMatchObject({ type: "text" });
  const { contents } = await client.readResource({ uri: "ui://answerable/deployment-window" });
  expect(contents[0]).toMatchObject({
    mimeType: "text/html;profile=mcp-app",
    _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] } } },
  });
  await client.close();
});

test("POST /api/mcp refuses what is not one JSON-RPC message, with the app's codes", async ({
  request,
}) => {
  const post = (data: string, headers: Record<string, string> = {}) =>
    request.post("/api/mcp", {
      data,
      headers: { "content-type": "application/json", ...MCP_HEADERS, ...headers },
    });
  const notJson = await post("{ nope");
  expect(notJson.status()).toBe(400);
  expect(await notJson.json()).toMatchObject({ code: "invalid-body" });
  const notJsonRpc = await post(JSON.stringify({ jsonrpc: "1.0", method: 7 }));
  expect(notJsonRpc.status()).toBe(400);
  expect(await notJsonRpc.json()).toMatchObject({ code: "invalid-body" });
  const oversized = await post(
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(70_000) } }),
  );
  expect(oversized.status()).toBe(413);
  expect(await oversized.json()).toMatchObject({ code: "body-too-large" });
  const foreign = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }), {
    origin: "https://elsewhere.example",
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toMatchObject({ code: "forbidden-origin" });
  const streamless = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }), {
    accept: "application/json",
  });
  expect(streamless.status()).toBe(406);
  expect(await streamless.json()).toMatchObject({ code: "not-acceptable" });
});

test("GET /api/mcp is not served: 405 with the route's Allow", async ({ request }) => {
  const response = await request.get("/api/mcp", { headers: MCP_HEADERS });
  expect(response.status()).toBe(405);
  expect(await response.json()).toMatchObject({ code: "method-not-allowed" });
  expect(response.headers()["allow"]).toBe("OPTIONS, POST");
});
