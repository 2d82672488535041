import { readSharedAppView } from "@/lib/chat/chats/app-views";
import { sharedMcpAppParamsSchema } from "@/lib/chat/wire/requests";
import { mcpAppViewSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/** The view of an MCP App's call, for a share link's page: drawn answered or closed, never answered. */
export const GET = defineOperation({
  operationId: "readSharedMcpAppView",
  method: "GET",
  path: "/api/shares/{token}/items/{itemId}/mcp-apps/{toolCallId}/resource",
  summary: "The HTML and declared CSP of an MCP App's view in a shared chat",
  description:
    "As `readMcpAppView`, for anyone holding the link. The viewer's page draws the view closed: a shared copy cannot answer it, and the view's messages have no route to reach.",
  needs: {
    visitor: false,
    params: sharedMcpAppParamsSchema,
    admit: "anyone",
  },
  responses: { 200: mcpAppViewSchema },
  refusals: ["share-not-found", "mcp-app-not-found", "database-busy", "database-unavailable"],
}).serve(async ({ params }) => ({
  status: 200,
  body: await readSharedAppView(params),
  headers: { "cache-control": "private, no-store" },
}));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods(GET);
