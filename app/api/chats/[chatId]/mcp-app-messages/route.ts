import { answerMcpAppMessage } from "@/lib/chat/answers/mcp-app";
import { chatParamsSchema, mcpAppMessageBodySchema } from "@/lib/chat/wire/requests";
import { mcpAppMessageOutcomeSchema } from "@/lib/chat/wire/responses";
import { defineOperation, otherMethods, startsTurn } from "@/lib/api/route";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** An MCP App view's `ui/message`, answered once per view: sent as the person's message, or queued. */
export const POST = defineOperation({
  operationId: "answerMcpAppMessage",
  method: "POST",
  path: "/api/chats/{chatId}/mcp-app-messages",
  summary: "An MCP App view's `ui/message`, answered once per view",
  description:
    "The page sends what the view sent in `ui/message` (text blocks only), with the view's reply and tool call. The first message of a view is sent as the person's next message, or queued behind a running reply, with its answer in one transaction; the same message again answers the same, and any other is refused (`mcp-app-already-answered`).",
  needs: {
    visitor: true,
    params: chatParamsSchema,
    body: mcpAppMessageBodySchema,
    changesState: "counted",
    recover: "chat",
  },
  responses: { 200: mcpAppMessageOutcomeSchema },
  refusals: [
    "chat-not-found",
    "mcp-app-not-found",
    "stale-mcp-app",
    "mcp-app-already-answered",
    "queue-full",
  ],
}).serve(startsTurn(answerMcpAppMessage));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
