import "server-only";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ToolSet } from "ai";
import { createDemoServer, DEMO_SERVER } from "./demo-server";

/**
 * The host's side of its MCP servers (the demo server alone, for now), reached in-process: a
 * serverless function calling its own deployment over HTTP would need a URL it may not know and
 * pay a network hop. The same server object answers the HTTP route.
 */

/** An app tool's call, as a reply stores it: what the page draws and what a reader reads. */
export type AppToolCall = {
  toolCallId: string;
  server: string;
  toolName: string;
  resourceUri: string;
  input: Record<string, unknown>;
  /** As the server answered it; the host checks it is JSON before it stores it. */
  result: {
    content: Record<string, unknown>[];
    structuredContent?: Record<string, unknown>;
    isError?: boolean;
  };
  fallback: string;
};

/** An MCP server's tools as a model is given them, for one reply; `close` ends the connection. */
export type AppTools = {
  server: string;
  tools: ToolSet;
  /** The view of each tool that has one, by the tool's name. */
  views: Map<string, string>;
  close: () => Promise<void>;
};

/** A linked pair: the server on one end, a connected client on the other. */
export async function connectDemoClient(): Promise<Client> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  await createDemoServer().connect(serverEnd);
  const client = new Client({ name: "answerable-host", version: "1.0.0" });
  await client.connect(clientEnd);
  return client;
}

/** A tool's view, when it has one: `_meta.ui.resourceUri`, or the older flat key. */
export function viewOf(tool: Pick<Tool, "_meta">): string | undefined {
  const ui = tool._meta?.ui as { resourceUri?: unknown } | undefined;
  const uri = ui?.resourceUri ?? tool._meta?.["ui/resourceUri"];
  return typeof uri === "string" && uri.startsWith("ui://") ? uri : undefined;
}

/** Who may call a tool: the model, the view, or both (both unless it says). */
export function visibilityOf(tool: Pick<Tool, "_meta">): ("model" | "app")[] {
  const ui = tool._meta?.ui as { visibility?: unknown } | undefined;
  if (!Array.isArray(ui?.visibility)) return ["model", "app"];
  return ui.visibility.filter(
    (each): each is "model" | "app" => each === "model" || each === "app",
  );
}

/** The text of a result's text blocks: what a reader without the view reads. */
export function resultText(result: { content?: unknown }): string {
  const blocks = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  return blocks
    .flatMap((block) => {
      const { type, text } = (block ?? {}) as { type?: unknown; text?: unknown };
      return type === "text" && typeof text === "string" ? [text] : [];
    })
    .join("\n");
}

/** Calls an app tool of the demo server, as the mock agent does, and answers the call to store. */
export async function callDemoAppTool({
  toolCallId,
  toolName,
  input,
}: {
  toolCallId: string;
  toolName: string;
  input: Record<string, unknown>;
}): Promise<AppToolCall> {
  const client = await connectDemoClient();
  try {
    const { tools } = await client.listTools();
    const tool = tools.find((each) => each.name === toolName);
    const resourceUri = tool && viewOf(tool);
    if (!tool || !resourceUri || !visibilityOf(tool).includes("model"))
      throw new Error(`${toolName} is not an app tool the agent may call`);
    const result = (await client.callTool({ name: toolName, arguments: input })) as CallToolResult;
    return {
      toolCallId,
      server: DEMO_SERVER,
      toolName,
      resourceUri,
      input,
      result,
      fallback: resultText(result),
    };
  } finally {
    await client.close();
  }
}

/**
 * A view's HTML and its declared `_meta.ui` (its CSP), read from the demo server, with the names
 * of the server's tools a view may call.
 */
export async function readDemoView(uri: string): Promise<{
  html: string;
  mimeType: string;
  meta: Record<string, unknown> | undefined;
  appTools: string[];
}> {
  const client = await connectDemoClient();
  try {
    const [{ contents }, { tools }] = await Promise.all([
      client.readResource({ uri }),
      client.listTools(),
    ]);
    const content = contents.find((each) => each.uri === uri);
    if (!content || !("text" in content) || typeof content.mimeType !== "string")
      throw new Error(`${uri} is not a view of the demo server`);
    const ui = content._meta?.ui as Record<string, unknown> | undefined;
    const appTools = appVisibleTools(tools).map((tool) => tool.name);
    return { html: content.text, mimeType: content.mimeType, meta: ui, appTools };
  } finally {
    await client.close();
  }
}

/**
 * A client of the host's server by the name a stored part gives it, or null for a server the
 * host does not have. The caller closes it.
 */
export async function connectServer(server: string): Promise<Client | null> {
  return server === DEMO_SERVER ? connectDemoClient() : null;
}

/** The tools of a server a view may call: those whose `visibility` holds `app`. */
export function appVisibleTools(tools: Tool[]): Tool[] {
  return tools.filter((tool) => visibilityOf(tool).includes("app"));
}
