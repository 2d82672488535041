import "server-only";
import { AppError } from "@/lib/http/errors";
import { DEMO_SERVER } from "@/lib/mcp/demo-server";
import { readDemoView } from "@/lib/mcp/host";
import { findFinishedItemParts } from "../store/items";
import type { McpAppTarget } from "../store/mcp-apps";
import { mcpAppPartSchema, type McpAppPart } from "../wire";
import { mcpAppViewSchema, type McpAppView } from "../wire/responses";

/**
 * The view of an MCP App's call in a finished reply of the visitor's chat, read from its server
 * as the page renders it: its HTML and its declared `_meta.ui` (the CSP the sandbox applies).
 * Only a call the reply stored is served, so a page cannot ask a server for any other resource.
 */
export async function readAppView(target: McpAppTarget): Promise<McpAppView> {
  const part = await findAppView(target);
  if (part.server !== DEMO_SERVER) throw new AppError("mcp-app-not-found");
  const view = await readDemoView(part.resourceUri);
  // Checked as the page will read it: a server's answer is a boundary too.
  return mcpAppViewSchema.parse({
    uri: part.resourceUri,
    mimeType: view.mimeType,
    html: view.html,
    meta: view.meta ?? {},
    tools: view.appTools,
  });
}

/**
 * The stored view of a tool call in a finished reply of the visitor's chat: `chat-not-found` for
 * another's chat, `mcp-app-not-found` when the reply holds no such view.
 */
export async function findAppView({
  chatId,
  visitorId,
  itemId,
  toolCallId,
}: McpAppTarget): Promise<McpAppPart> {
  const parts = await findFinishedItemParts({ chatId, visitorId, itemId });
  const part = (parts ?? [])
    .map((each) => mcpAppPartSchema.safeParse(each).data)
    .find((each) => each?.toolCallId === toolCallId);
  if (!part) throw new AppError("mcp-app-not-found");
  return part;
}
