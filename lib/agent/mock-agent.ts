import type { Agent, AgentRequest } from "./agent";
import { chunkText, pause } from "./pacing";
import { replyPace, scriptedReply } from "./scenarios";

/**
 * A deterministic agent: it writes its scripted reply in small chunks, `deltaMs` apart, then
 * any reply its scripted subagent wrote.
 */
export function createMockAgent({ deltaMs }: { deltaMs: number }): Agent {
  return {
    async *reply({ message, signal }: AgentRequest) {
      const interval = deltaMs * replyPace(message);
      const script = scriptedReply(message);
      for (const text of chunkText(script.text)) {
        if (signal.aborted) return;
        await pause(interval, signal);
        yield { type: "text", text };
      }
      if (script.subagent && !signal.aborted) yield { type: "subagent", parentToolUseId: "toolu_checks_subagent", content: script.subagent };
    },
  };
}
