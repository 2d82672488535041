import type { McpAppPart } from "../../lib/chat/wire";

/**
 * The demo server's app tool call as a reply stores it (an `mcp-app` part), with `text` as its
 * result's text and fallback; shared by the tests that need a view in a reply.
 */
export function deploymentViewPart(
  text = "Free windows.",
  structuredContent?: McpAppPart["result"]["structuredContent"],
): McpAppPart {
  return {
    kind: "mcp-app",
    toolCallId: "call-1",
    server: "answerable-demo",
    toolName: "choose_deployment_window",
    resourceUri: "ui://answerable/deployment-window",
    input: { service: "checkout" },
    result: {
      content: [{ type: "text", text }],
      ...(structuredContent ? { structuredContent } : {}),
    },
    fallback: text,
  };
}
