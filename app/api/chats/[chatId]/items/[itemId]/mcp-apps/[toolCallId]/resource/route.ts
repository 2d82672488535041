import { readAppView } from "@/lib/chat/chats/app-views";
import { mcpAppParamsSchema } from "@/lib/chat/wire/requests";
import { mcpAppViewSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/** The view of an MCP App's call in a finished reply, for the page's sandbox to draw. */
export const GET = defineOperation({
  operationId: "readMcpAppView",
  method: "GET",
  path: "/api/chats/{chatId}/items/{itemId}/mcp-apps/{toolCallId}/resource",
  summary: "The HTML and declared CSP of an MCP App's view in a finished reply",
  description:
    "Only a call the reply stored is served, read from its MCP server as `resources/read` answers it (`text/html;profile=mcp-app`). The page draws it in the sandbox at `/mcp-sandbox`, never on its own origin.",
  needs: { visitor: true, params: mcpAppParamsSchema, changesState: false, recover: false },
  responses: { 200: mcpAppViewSchema },
  refusals: ["chat-not-found", "mcp-app-not-found"],
}).serve(async ({ visitorId, params }) => ({
  status: 200,
  body: await readAppView({ visitorId, ...params }),
  headers: { "cache-control": "private, no-store" },
}));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
