import { appConfig, type AgentSetting } from "@/lib/config";
import { appComponents } from "@/lib/chat/components";
import { LIVE_SOURCES } from "@/lib/live-sources";
import { appTools } from "@/lib/tools";
import type { Agent } from "./agent";
import { createMockAgent } from "./mock-agent";
import { frameTools, toJsonSchema } from "./model/frame-tools";
import { createModelAgent } from "./model/model-agent";
import { buildInstructions, type LiveSourceDescription } from "./model/prompt";
import { languageModel } from "./model/provider";
import { SCENARIOS } from "./scenarios";

export type { Agent, AgentChunk, AgentMessage, AgentRequest } from "./agent";
export { envelope } from "./envelope";

/** The registered live sources, as a model's instructions list them. */
function liveSources(): LiveSourceDescription[] {
  return [...LIVE_SOURCES.values()].map(({ name, description, args }) => ({ name, description, arguments: toJsonSchema(args) }));
}

let modelAgent: Agent | undefined;

/** The agent that answers chats: the scripted mock unless configuration names a model. */
export function chatAgent(): Agent {
  const setting = appConfig().agent;
  if (setting.kind === "mock") return createMockAgent({ deltaMs: appConfig().agentDeltaMs });
  return (modelAgent ??= configuredModelAgent(setting));
}

function configuredModelAgent(setting: Extract<AgentSetting, { kind: "model" }>): Agent {
  return createModelAgent({ model: languageModel(setting), instructions: appInstructions(), frames: frameTools(appComponents, appTools) });
}

/** A model's instructions in this app: the block catalog, its live sources, its manifest and tools. */
export function appInstructions(): string {
  return buildInstructions({ sources: liveSources(), frames: frameTools(appComponents, appTools), tools: appTools });
}

/** Who answers, in a sentence for the home page. */
export function agentDescription(): string {
  const setting = appConfig().agent;
  if (setting.kind === "model") return `Replies come from ${setting.name}, through the AI SDK.`;
  if (setting.problem) return `Replies come from the scripted mock agent because the configured model cannot run: ${setting.problem}`;
  return "Replies come from the scripted mock agent: no model is configured (set AGENT=model, AI_MODEL and a key to use one).";
}

// A model is not scripted: its starters ask for each kind of UI in plain words.
const MODEL_STARTERS = [
  "Help me plan a release: ask what you need to know in one interactive block.",
  "Offer me three places for a team offsite to pick from.",
  "Draft a short email to the team about Friday's release, and let me confirm sending it.",
];

/** The prompts the home page offers to start a chat: one per scenario of the mock, or a model's few. */
export function starterPrompts(): string[] {
  return appConfig().agent.kind === "model" ? MODEL_STARTERS : SCENARIOS.map((scenario) => scenario.prompt);
}
