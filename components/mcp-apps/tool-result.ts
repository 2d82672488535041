import type { McpAppToolResult } from "@/lib/chat/wire/responses";

/**
 * A proposal's handle approves the action: the person's page keeps it, and the view, which runs
 * whatever its server wrote, is told only that approval is asked, and until when.
 */
export function withoutHandle(result: McpAppToolResult): McpAppToolResult {
  const asked = result.structuredContent?.confirmation as Record<string, unknown> | undefined;
  if (asked === undefined) return result;
  const { token: _token, ...told } = asked;
  return { ...result, structuredContent: { ...result.structuredContent, confirmation: told } };
}
