import { defineOperation, otherMethods } from "@/lib/api/route";
import { appConfig } from "@/lib/config";
import { AppError } from "@/lib/http/errors";
import { acceptedOrigins, parseJsonBody } from "@/lib/http/request";
import { answerMcpMessage, jsonRpcAnswerSchema, jsonRpcMessageSchema } from "@/lib/mcp/http";

export const dynamic = "force-dynamic";

/** The demo MCP server over Streamable HTTP, as any MCP client reaches it (MCP Inspector, tests). */
export const POST = defineOperation({
  operationId: "mcp",
  method: "POST",
  path: "/api/mcp",
  summary: "The demo MCP server (Streamable HTTP, stateless, JSON answers)",
  description:
    "The body is one JSON-RPC message of the Model Context Protocol (`initialize`, `tools/list`, `tools/call`, `resources/read`, …), at most 64 KiB; send `Accept: application/json, text/event-stream`. A request answers 200 with its JSON-RPC response, a notification 202. No session: each request stands alone. A browser page of another origin is refused; a client that sends no `Origin` is served.",
  needs: { visitor: false, admit: "anyone" },
  responses: { 200: jsonRpcAnswerSchema, 202: null },
  refusals: [
    "forbidden-origin",
    "unsupported-media-type",
    "body-too-large",
    "invalid-body",
    "not-acceptable",
  ],
}).serve(async ({ request }) => {
  // The MCP spec asks a server to refuse an Origin it does not accept: a page of another site.
  // A client that is not a browser sends none, and is served.
  const origin = request.headers.get("origin");
  if (origin !== null && !acceptedOrigins(request, appConfig()).origins.has(origin))
    throw new AppError("forbidden-origin", "The MCP server answers pages of this app only.");
  return answerMcpMessage(request, await parseJsonBody(request, jsonRpcMessageSchema));
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods(POST);
