import type { Agent, AgentRequest } from "./agent";
import { pause } from "./pacing";
import { scriptChunks, scriptedReply } from "./script";

/**
 * A deterministic agent: it writes its scripted reply in small chunks, `deltaMs` times the
 * script's pace apart, then any reply its scripted subagent wrote.
 */
export function createMockAgent({ deltaMs }: { deltaMs: number }): Agent {
  return {
    async *reply({ message, signal }: AgentRequest) {
      const script = scriptedReply(message);
      for (const text of scriptChunks(script)) {
        if (signal.aborted) return;
        await pause(deltaMs * script.pace, signal);
        yield { type: "text", text };
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
