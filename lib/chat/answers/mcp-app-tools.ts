import "server-only";
import { z } from "zod";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { type ChoiceAction, type ConfirmableTool, sameJson } from "@/lib/component-frames";
import { AppError } from "@/lib/http/errors";
import { actionForTool } from "@/lib/mcp/actions";
import { REQUIRES_CONFIRMATION } from "@/lib/mcp/demo-server";
import { appVisibleTools, connectServer } from "@/lib/mcp/host";
import { fieldsAtFault, fieldsOfIssues } from "@/lib/tools/forms";
import { findAppView } from "../chats/app-views";
import { chatTransaction } from "../store/chats";
import { writeChat } from "../store/log";
import { findStandingProposals, lockAnswerableMcpApp, type McpAppTarget } from "../store/mcp-apps";
import { toConfirmationView } from "../store/views";
import { MAX_MCP_TOOL_ARGUMENTS_BYTES } from "../wire/limits";
import { viewInstanceId } from "../wire/mcp-app-tool";
import type { McpAppToolCallBody } from "../wire/requests";
import { mcpAppToolResultSchema, type McpAppToolResult } from "../wire/responses";
import type { ConfirmationView, McpAppPart } from "../wire";
import { proposalView, proposeAction } from "./confirmations";
import { contextBytesOver } from "./mcp-app";

// An MCP App view's `tools/call` through the host's policy (decision 035): only an app-visible
// tool of the view's own server, with arguments its listed schema accepts; a side effect is
// proposed for a person to approve, as a ChoiceList's typed action is, and never runs on the call.

export type McpAppToolCallRequest = McpAppTarget &
  Omit<McpAppToolCallBody, "itemId" | "toolCallId">;

/** Every refusal throws before anything is written; a tool that only reads answers at once. */
export async function callMcpAppTool(request: McpAppToolCallRequest): Promise<McpAppToolResult> {
  const input = request.arguments ?? {};
  if (contextBytesOver(input, MAX_MCP_TOOL_ARGUMENTS_BYTES))
    throw new AppError(
      "mcp-tool-arguments-too-large",
      `A view's tool arguments hold at most ${MAX_MCP_TOOL_ARGUMENTS_BYTES} bytes of JSON.`,
    );
  // 1. The view the call is made for, stored in a finished reply of the visitor's chat.
  const part = await findAppView(request);

  // 2. Its own server's tool, one a view may call.
  const client = await connectServer(part.server);
  if (!client) throw notAllowed(`This host reaches no server named ${part.server}.`);
  try {
    const { tools } = await client.listTools();
    const tool = appVisibleTools(tools).find((each) => each.name === request.name);
    if (!tool)
      throw notAllowed(`${part.server} has no tool named ${request.name} a view may call.`);

    // 3. Arguments its own schema, as the server lists it, accepts.
    checkArguments(tool, input);

    // 4. A side effect waits for a person; any other tool runs now.
    if (tool._meta?.[REQUIRES_CONFIRMATION] === true)
      return await proposeToolCall(request, part, tool, input);
    const result = await client.callTool({ name: tool.name, arguments: input });
    return mcpAppToolResultSchema.parse(result);
  } finally {
    await client.close();
  }
}

function notAllowed(message: string): AppError {
  return new AppError("mcp-tool-not-allowed", message);
}

function argumentsInvalid(fields: string[], reason?: string): AppError {
  return new AppError(
    "mcp-tool-arguments-invalid",
    `The tool does not accept these arguments${fields.length > 0 ? ` (${fields.join(", ")})` : ""}.`,
    reason,
    { details: { fields } },
  );
}

/** Against the tool's listed JSON Schema; a schema the host cannot read lets no call through. */
function checkArguments(tool: Tool, input: Record<string, unknown>): void {
  let schema: z.ZodType;
  try {
    schema = z.fromJSONSchema(tool.inputSchema as z.core.JSONSchema.JSONSchema);
  } catch {
    throw notAllowed(`The arguments of ${tool.name} cannot be checked, so a view may not call it.`);
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw argumentsInvalid(fieldsOfIssues(parsed.error.issues));
}

/**
 * The call's proposal, under the chat's lock: one that stands for the same view, action and
 * input answers again, so repeated and concurrent calls make one; else a new handle is stored
 * with its event, which every page draws beside the view.
 */
async function proposeToolCall(
  request: McpAppToolCallRequest,
  part: McpAppPart,
  tool: Tool,
  input: Record<string, unknown>,
): Promise<McpAppToolResult> {
  const registered = actionForTool(part.server, tool.name);
  if (!registered) throw notAllowed(`${tool.name} has a side effect this host cannot ask about.`);
  const action = registered as ConfirmableTool;
  // The typed action's own validator checks the input again, as for any proposal.
  const proposal = await proposeAction(
    {
      sessionId: request.visitorId,
      action: { name: action.name, input: input as ChoiceAction["input"] },
    },
    [action],
  );
  if (!proposal.ok) throw argumentsInvalid(fieldsAtFault(action, input), proposal.diagnostic.code);
  const { chatId, itemId, toolCallId } = request;
  // Drawn with the view (`viewInstanceId`); its `choiceId` is the server's tool the view called.
  const instanceId = viewInstanceId(toolCallId);
  return chatTransaction(async (tx) => {
    const { lock, ...found } = await lockAnswerableMcpApp(tx, request);
    if (found.part === null) throw new AppError("mcp-app-not-found");
    const standing = await findStandingProposals(lock, {
      itemId,
      instanceId,
      action: action.name,
      now: new Date(),
    });
    const same = standing.find((row) => sameJson(row.input, proposal.record.input));
    if (same) return askedResult(tool.name, toConfirmationView(same));
    const origin = { chatId, itemId, instanceId, choiceId: tool.name };
    const confirmation = proposalView(origin, proposal.record);
    await writeChat(lock, {
      events: [{ type: "confirmation.updated", itemId, confirmation }],
      writes: [{ kind: "proposal", proposal: { origin, record: proposal.record } }],
    });
    return askedResult(tool.name, confirmation);
  });
}

/** Not an error: the call was taken, and runs once a person approves it in the chat. */
function askedResult(toolName: string, confirmation: ConfirmationView): McpAppToolResult {
  return {
    content: [
      {
        type: "text",
        text: `${toolName} has a side effect: the person is asked to approve it in the chat, and it runs only if they do.`,
      },
    ],
    structuredContent: {
      confirmation: {
        token: confirmation.token,
        status: confirmation.status,
        expiresAt: confirmation.expiresAt,
      },
    },
  };
}
