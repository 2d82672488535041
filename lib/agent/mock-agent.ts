import { callDemoAppTool } from "@/lib/mcp/host";
import type { Agent, AgentRequest } from "./agent";
import { pause } from "./pacing";
import { scriptChunks, scriptedReply } from "./script";

/** How the mock calls an MCP App's tool: the demo server, in-process, unless a test says. */
export type CallAppTool = typeof callDemoAppTool;

/**
 * A deterministic agent: it writes its scripted reply in small chunks, `deltaMs` times the
 * script's pace apart, then calls the script's MCP App tool, then any reply its scripted subagent wrote.
 */
export function createMockAgent({
  deltaMs,
  callAppTool = callDemoAppTool,
}: {
  deltaMs: number;
  callAppTool?: CallAppTool;
}): Agent {
  let calls = 0;
  return {
    async *reply({ message, signal }: AgentRequest) {
      const script = scriptedReply(message);
      for (const text of scriptChunks(script)) {
        if (signal.aborted) return;
        await pause(deltaMs * script.pace, signal);
        yield { type: "text", text };
      }
      if (script.app && !signal.aborted) {
        // Unique within the reply, as a model's tool call ids are.
        const toolCallId = `call_${script.app.toolName}_${++calls}`;
        yield { type: "mcp-app", call: await callAppTool({ toolCallId, ...script.app }) };
      }
      if (script.subagent && !signal.aborted)
        yield {
          type: "subagent",
          parentToolUseId: "toolu_checks_subagent",
          content: script.subagent,
        };
    },
  };
}
