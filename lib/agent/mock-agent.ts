import type { Agent, AgentRequest } from "./agent";
import { chunkText, pause } from "./pacing";
import { scriptedReply } from "./scenarios";

/** A deterministic agent: it writes its scripted reply in small chunks, `deltaMs` apart. */
export function createMockAgent({ deltaMs }: { deltaMs: number }): Agent {
  return {
    async *reply({ message, signal }: AgentRequest) {
      for (const chunk of chunkText(scriptedReply(message))) {
        if (signal.aborted) return;
        await pause(deltaMs, signal);
        yield chunk;
      }
    },
  };
}
