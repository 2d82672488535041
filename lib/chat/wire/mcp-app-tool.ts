import type { DynamicToolUIPart } from "ai";
import type { McpAppPart } from "./parts";

// An MCP App's stored call as the AI SDK's tool part: what `MCPAppRenderer` and a useChat page read.

/** `app` as `@ai-sdk/mcp` names a tool's view, and the rest of the stored part beside it. */
export function appToolMetadata(part: McpAppPart) {
  return {
    app: { resourceUri: part.resourceUri, mimeType: "text/html;profile=mcp-app" },
    server: part.server,
    fallback: part.fallback,
  };
}

/** The call as a `dynamic-tool` part whose output is there. */
export function toolPart(part: McpAppPart): DynamicToolUIPart {
  return {
    type: "dynamic-tool",
    toolName: part.toolName,
    toolCallId: part.toolCallId,
    state: "output-available",
    input: part.input,
    output: part.result,
    toolMetadata: appToolMetadata(part),
  };
}

/**
 * The `instanceId` of the proposals a view's `tools/call` made: the view's tool call under a
 * prefix no ChoiceList instance carries, so a list and a view in one reply never share one.
 */
export function viewInstanceId(toolCallId: string): string {
  return `mcp-app:${toolCallId}`;
}
