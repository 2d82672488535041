import { appConfig } from "@/lib/config";
import type { Agent } from "./agent";
import { createMockAgent } from "./mock-agent";

export type { Agent, AgentMessage, AgentRequest } from "./agent";

/** The agent that answers chats. Swap this for a real model's adapter. */
export function chatAgent(): Agent {
  return createMockAgent({ deltaMs: appConfig().agentDeltaMs });
}
