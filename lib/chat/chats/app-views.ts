import "server-only";
import { AppError } from "@/lib/http/errors";
import { DEMO_SERVER } from "@/lib/mcp/demo-server";
import { readDemoView } from "@/lib/mcp/host";
import { findFinishedItemParts } from "../store/items";
import type { McpAppTarget } from "../store/mcp-apps";
import { findSharedChat } from "../store/shares";
import { mcpAppPartSchema, type McpAppPart } from "../wire";
import { mcpAppViewSchema, type McpAppView } from "../wire/responses";
import { hashShareToken } from "./share";

/**
 * The view of an MCP App's call in a finished reply of the visitor's chat, read from its server
 * as the page renders it: its HTML and its declared `_meta.ui` (the CSP the sandbox applies).
 * Only a call the reply stored is served, so a page cannot ask a server for any other resource.
 */
export async function readAppView(target: McpAppTarget): Promise<McpAppView> {
  return viewOf(await findAppView(target));
}

/** The same view on a share link's page: a read, for anyone holding the link (decision 023). */
export async function readSharedAppView({
  token,
  itemId,
  toolCallId,
}: {
  token: string;
  itemId: string;
  toolCallId: string;
}): Promise<McpAppView> {
  const chat = await findSharedChat(hashShareToken(token));
  // The link found the chat: there is no owner to check.
  return viewOf(await findAppView({ chatId: chat.id, visitorId: undefined, itemId, toolCallId }));
}

/**
 * The stored view of a tool call in a finished reply of the visitor's chat (or, with no visitor,
 * of a chat a share link found): `chat-not-found` for another's chat, `mcp-app-not-found` when the
 * reply holds no such view.
 */
export async function findAppView({
  chatId,
  visitorId,
  itemId,
  toolCallId,
}: Omit<McpAppTarget, "visitorId"> & { visitorId: string | undefined }): Promise<McpAppPart> {
  const parts = await findFinishedItemParts({ chatId, visitorId, itemId });
  const part = (parts ?? [])
    .map((each) => mcpAppPartSchema.safeParse(each).data)
    .find((each) => each?.toolCallId === toolCallId);
  if (!part) throw new AppError("mcp-app-not-found");
  return part;
}

async function viewOf(part: McpAppPart): Promise<McpAppView> {
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
