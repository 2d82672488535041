import type { Agent, AgentRequest } from "./agent";
import { chunkText, pause } from "./pacing";
import { replyPace, scriptedReply } from "./scenarios";

/** A deterministic agent: it writes its scripted reply in small chunks, `deltaMs` apart. */
export function createMockAgent({ deltaMs }: { deltaMs: number }): Agent {
  return {
    async *reply({ message, signal }: AgentRequest) {
      const interval = deltaMs * replyPace(message);
      for (const chunk of chunkText(scriptedReply(message))) {
        if (signal.aborted) return;
        await pause(interval, signal);
        yield chunk;
      }
    },
  };
}
