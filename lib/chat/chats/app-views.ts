import "server-only";
import { AppError } from "@/lib/http/errors";
import { DEMO_SERVER } from "@/lib/mcp/demo-server";
import { readDemoView } from "@/lib/mcp/host";
import { findFinishedItemParts } from "../store/items";
import { findSharedChat } from "../store/shares";
import { mcpAppPartSchema } from "../wire";
import { mcpAppViewSchema, type McpAppView } from "../wire/responses";
import { hashShareToken } from "./share";

/**
 * The view of an MCP App's call in a finished reply of the visitor's chat, read from its server
 * as the page renders it: its HTML and its declared `_meta.ui` (the CSP the sandbox applies).
 * Only a call the reply stored is served, so a page cannot ask a server for any other resource.
 */
export async function readAppView({
  chatId,
  visitorId,
  itemId,
  toolCallId,
}: {
  chatId: string;
  visitorId: string;
  itemId: string;
  toolCallId: string;
}): Promise<McpAppView> {
  return viewOfCall(await findFinishedItemParts({ chatId, visitorId, itemId }), toolCallId);
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
  const parts = await findFinishedItemParts({ chatId: chat.id, visitorId: undefined, itemId });
  return viewOfCall(parts, toolCallId);
}

async function viewOfCall(parts: unknown[] | null, toolCallId: string): Promise<McpAppView> {
  const part = (parts ?? [])
    .map((each) => mcpAppPartSchema.safeParse(each).data)
    .find((each) => each?.toolCallId === toolCallId);
  if (!part || part.server !== DEMO_SERVER) throw new AppError("mcp-app-not-found");
  const view = await readDemoView(part.resourceUri);
  // Checked as the page will read it: a server's answer is a boundary too.
  return mcpAppViewSchema.parse({
    uri: part.resourceUri,
    mimeType: view.mimeType,
    html: view.html,
    meta: view.meta ?? {},
  });
}
