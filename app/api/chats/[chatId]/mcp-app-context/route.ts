import { updateMcpAppContext } from "@/lib/chat/answers/mcp-app";
import { chatParamsSchema, mcpAppContextBodySchema } from "@/lib/chat/wire/requests";
import { mcpAppContextStoredSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/** An MCP App view's `ui/update-model-context`: replaces the view's last, for the agent's next turn. */
export const POST = defineOperation({
  operationId: "updateMcpAppContext",
  method: "POST",
  path: "/api/chats/{chatId}/mcp-app-context",
  summary: "An MCP App view's `ui/update-model-context`, kept for the agent's next turn",
  description:
    "The page sends what the view sent in `ui/update-model-context` (text blocks and structured content), with the view's reply and tool call. It replaces the view's last context; the agent reads it, as one line under that reply, on every later turn.",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: mcpAppContextBodySchema,
    changesState: "counted",
    recover: false,
  },
  responses: { 200: mcpAppContextStoredSchema },
  refusals: ["chat-not-found", "mcp-app-not-found", "mcp-app-context-too-large"],
}).serve(async ({ visitorId, params: { chatId }, body }) => ({
  status: 200,
  body: await updateMcpAppContext({ ...body, chatId, visitorId }),
}));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
