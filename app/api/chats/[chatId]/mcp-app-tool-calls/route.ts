import { callMcpAppTool } from "@/lib/chat/answers/mcp-app-tools";
import { chatParamsSchema, mcpAppToolCallBodySchema } from "@/lib/chat/wire/requests";
import { mcpAppToolResultSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/** An MCP App view's `tools/call`, through the host's policy; a side effect waits for approval. */
export const POST = defineOperation({
  operationId: "callMcpAppTool",
  method: "POST",
  path: "/api/chats/{chatId}/mcp-app-tool-calls",
  summary: "An MCP App view's `tools/call`, through the host's policy",
  description:
    "The page sends what the view sent in `tools/call` (a tool's name and arguments), with the view's reply and tool call. Only a tool of the view's own server that a view may call (`_meta.ui.visibility` holds `app`) is called, with arguments its listed `inputSchema` accepts; the answer is the tool's `CallToolResult`. A tool with a side effect (`_meta[\"answerable/requiresConfirmation\"]`) does not run: an action confirmation is proposed (expiring, single-use, decided through `/api/chats/{chatId}/confirmations/{token}`) and the answer says approval is asked, with the handle in `structuredContent.confirmation`. The same call while its proposal stands answers the same proposal.",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: mcpAppToolCallBodySchema,
    changesState: "counted",
    recover: false,
  },
  responses: { 200: mcpAppToolResultSchema },
  refusals: [
    "chat-not-found",
    "mcp-app-not-found",
    "mcp-tool-not-allowed",
    "mcp-tool-arguments-invalid",
    "mcp-tool-arguments-too-large",
  ],
}).serve(async ({ visitorId, params: { chatId }, body }) => ({
  status: 200,
  body: await callMcpAppTool({ ...body, chatId, visitorId }),
}));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
