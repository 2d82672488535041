import "server-only";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "@/lib/http/errors";
import * as z from "zod";
import { createDemoServer } from "./demo-server";

export const jsonRpcAnswerSchema = z
  .looseObject({ jsonrpc: z.literal("2.0"), id: z.union([z.string(), z.number()]) })
  .meta({ description: "A JSON-RPC response: `result` or `error`." });

/** A JSON-RPC answer, as the route passes it on. */
export type McpAnswer =
  { status: 200; body: z.infer<typeof jsonRpcAnswerSchema> } | { status: 202; body: null };

/** One JSON-RPC message, as the route reads a body. */
export { JSONRPCMessageSchema as jsonRpcMessageSchema };

/**
 * One message to the demo server over Streamable HTTP, statelessly: a server and transport per
 * request, answered as JSON (no stream, no session). The route has read and checked the body.
 */
export async function answerMcpMessage(
  request: Request,
  message: JSONRPCMessage,
): Promise<McpAnswer> {
  const server = createDemoServer();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: message });
    if (response.status === 202) return { status: 202, body: null };
    const body: unknown = await response.json().catch(() => null);
    const answer = jsonRpcAnswerSchema.safeParse(body);
    if (response.status === 200 && answer.success) return { status: 200, body: answer.data };
    throw transportRefusal(response.status, body as Record<string, unknown> | null);
  } finally {
    await server.close();
  }
}

function transportRefusal(status: number, body: Record<string, unknown> | null): AppError {
  const error = body?.error as { message?: unknown } | undefined;
  const message = typeof error?.message === "string" ? error.message : undefined;
  return status === 406
    ? new AppError("not-acceptable", message)
    : new AppError("invalid-body", message ?? "The MCP server could not read the request.");
}
