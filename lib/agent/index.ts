import { appConfig, type CatalogSetting, type ModelSetting } from "@/lib/config";
import { appComponents } from "./components";
import { LIVE_SOURCES } from "@/lib/live-sources";
import { modelVisibleDemoTools } from "@/lib/mcp/model-tools";
import { appTools } from "@/lib/tools";
import type { Agent, AgentRequest } from "./agent";
import { createMockAgent } from "./mock-agent";
import { frameTools, toJsonSchema } from "./model/frame-tools";
import { createModelAgent, type ModelAgentOptions } from "./model/model-agent";
import { buildInstructions, type LiveSourceDescription } from "./model/prompt";
import { languageModel } from "./model/provider";
import { SCENARIOS } from "./scenarios";
import { HELP_COMMAND } from "./starters";
import { agentStatus, currentAgentStatus, type AgentStatus } from "./status";

export type { Agent, AgentChunk, AgentMessage, AgentRequest } from "./agent";
export { envelope } from "./envelope";
export { endReplyWith } from "./reply-ending";
export { agentDescription, agentStatus, type AgentStatus } from "./status";

/** The registered live sources, as a model's instructions list them. */
function liveSources(): LiveSourceDescription[] {
  return [...LIVE_SOURCES.values()].map(({ name, description, args }) => ({
    name,
    description,
    arguments: toJsonSchema(args),
  }));
}

let modelAgent: Agent | undefined;

/**
 * The agent that answers chats: the scripted mock unless configuration names a model. A model's
 * first reply waits for start-up's question to its provider; a model the provider does not know
 * leaves the mock answering.
 */
export function chatAgent(): Agent {
  if (appConfig().agent.kind === "mock") return agentFor(appConfig().agent);
  return checkedAgent(agentStatus());
}

/** An agent that answers once `status` is known, as `agentFor` picks. */
export function checkedAgent(status: Promise<AgentStatus>): Agent {
  return {
    async *reply(request: AgentRequest) {
      yield* agentFor(await status).reply(request);
    },
  };
}

function agentFor(status: AgentStatus): Agent {
  if (status.kind === "mock") return createMockAgent({ deltaMs: appConfig().agentDeltaMs });
  return (modelAgent ??= createModelAgent(modelAgentOptions(status)));
}

/** What the model agent is built from in this app: the configured model, its instructions and the manifest's tools. */
export function modelAgentOptions(setting: ModelSetting): ModelAgentOptions {
  return {
    model: languageModel(setting),
    instructions: appInstructions(setting.catalog),
    frames: frameTools(appComponents, appTools),
    apps: modelVisibleDemoTools,
  };
}

/** A model's instructions in this app: the block catalog, its live sources, its manifest and tools. */
export function appInstructions(catalog: CatalogSetting = "full"): string {
  return buildInstructions({
    catalog,
    sources: liveSources(),
    frames: frameTools(appComponents, appTools),
    tools: appTools,
  });
}

// A model is not scripted: its starters ask for each kind of UI in plain words.
const MODEL_STARTERS = [
  "Help me plan a release: ask what you need to know in one interactive block.",
  "Offer me three places for a team offsite to pick from.",
  "Draft a short email to the team about Friday's release, and let me confirm sending it.",
];

/** The prompts the home page offers to start a chat: one per scenario of the mock and its `/help`, or a model's few. */
export function starterPrompts(status: AgentStatus = currentAgentStatus()): string[] {
  return status.kind === "model"
    ? MODEL_STARTERS
    : [...SCENARIOS.map((scenario) => scenario.prompt), HELP_COMMAND];
}
