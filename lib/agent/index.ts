import { appConfig } from "@/lib/config";
import type { Agent } from "./agent";
import { createMockAgent } from "./mock-agent";
import { SCENARIOS } from "./scenarios";

export type { Agent, AgentChunk, AgentMessage, AgentRequest } from "./agent";
export { envelope } from "./envelope";

/** The agent that answers chats. Swap this for a real model's adapter. */
export function chatAgent(): Agent {
  return createMockAgent({ deltaMs: appConfig().agentDeltaMs });
}

/** The prompts the home page offers to start a chat, one per scenario the agent knows. */
export function starterPrompts(): string[] {
  return SCENARIOS.map((scenario) => scenario.prompt);
}
