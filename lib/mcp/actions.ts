import "server-only";
import { z } from "zod";
import type { ConfirmableTool } from "@/lib/component-frames";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { DEMO_SERVER, scheduleDeploymentInput } from "./demo-server";
import { connectServer, resultText } from "./host";

/**
 * A side-effect tool of an MCP server as a typed action: a view's call to it is proposed, and the
 * action runs the server's tool once a person approves. Its name is the action's own (an action's
 * name allows no `_`), and it names the server and tool it runs.
 */
export type McpAppAction = ConfirmableTool<Record<string, unknown>> & {
  server: string;
  toolName: string;
};

/** Calls the server's tool; a result the server marks as an error fails the action. */
async function runServerTool(server: string, name: string, input: Record<string, unknown>) {
  const client = await connectServer(server);
  if (!client) throw new Error(`${server} is not a server of this host`);
  try {
    const result = (await client.callTool({ name, arguments: input })) as CallToolResult;
    if (result.isError) throw new Error(resultText(result) || `${name} failed`);
    return result.structuredContent ?? { text: resultText(result) };
  } finally {
    await client.close();
  }
}

/** A typed action that runs `toolName` of `server`, and only after a person approves it. */
function serverToolAction(
  fields: Pick<McpAppAction, "name" | "description" | "server" | "toolName" | "input">,
): McpAppAction {
  return {
    ...fields,
    executable: true,
    requiresConfirmation: true,
    execute: (input) => runServerTool(fields.server, fields.toolName, input),
  };
}

/** Every side-effect tool a view's call may propose. A side-effect tool not listed here never runs. */
export const mcpAppActions: readonly McpAppAction[] = [
  serverToolAction({
    name: "schedule-deployment",
    description: "Books a deployment of a service in a free window, once the person approves it.",
    server: DEMO_SERVER,
    toolName: "schedule_deployment",
    input: z.strictObject(scheduleDeploymentInput),
  }),
];

/** The typed action that runs a server's tool, if the host has one. */
export function actionForTool(server: string, toolName: string): McpAppAction | undefined {
  return mcpAppActions.find((action) => action.server === server && action.toolName === toolName);
}
