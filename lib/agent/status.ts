import { remember } from "@epic-web/remember";
import { appConfig, type AgentSetting, type ModelSetting } from "@/lib/config";
import { checkModel, type ModelCheckOptions } from "./model/model-check";

/**
 * Who answers chats, once the provider has been asked about the configured model: the
 * configuration's choice, or the mock with the reason when the provider does not know the model or
 * refused the key. A model the provider could not be asked about is used as configured;
 * `unchecked` says why it was not checked.
 */
export type AgentStatus =
  Exclude<AgentSetting, ModelSetting> | (ModelSetting & { unchecked?: string });

/** The configured agent, corrected by what its provider says about the model. Never rejects. */
export async function resolveAgent(
  setting: AgentSetting,
  options?: ModelCheckOptions,
): Promise<AgentStatus> {
  if (setting.kind === "mock") return setting;
  const check = await checkModel(setting, options);
  if (check.kind === "misconfigured") return { kind: "mock", problem: check.problem };
  if (check.kind === "unchecked") return { ...setting, unchecked: check.reason };
  return setting;
}

// Remembered on globalThis: the start-up hook and the app's routes are bundled apart, yet one process asks once.
type Memo = { promise?: Promise<AgentStatus>; settled?: AgentStatus };
const memo = () => remember("answerable.agentStatus", (): Memo => ({}));

/**
 * The agent that answers in this process. Start-up asks the provider at once, without waiting for
 * the answer; whatever needs it first (the home page, a chat) waits at most the check's timeout.
 */
export function agentStatus(): Promise<AgentStatus> {
  const known = memo();
  if (known.promise) return known.promise;
  known.promise = resolveAgent(appConfig().agent);
  void known.promise.then((status) => {
    known.settled = status;
  });
  return known.promise;
}

/** The agent as known now: the configuration's choice until the provider has answered. */
export function currentAgentStatus(): AgentStatus {
  return memo().settled ?? appConfig().agent;
}

/** Who answers, in a sentence for the home page. */
export function agentDescription(status: AgentStatus = currentAgentStatus()): string {
  if (status.kind === "model") return `Replies come from ${status.name}, through the AI SDK.`;
  if (status.problem)
    return `Replies come from the scripted mock agent because the configured model cannot run: ${status.problem}`;
  return "Replies come from the scripted mock agent: no model is configured (set AGENT=model, AI_MODEL and a key to use one).";
}

/** What start-up says about the agent, in one sentence; nothing when the agent asked for answers. */
export function startupSentence(status: AgentStatus): string | undefined {
  if (status.kind === "mock")
    return (
      status.problem &&
      `The scripted mock agent answers instead of the configured model: ${status.problem}`
    );
  if (!status.unchecked) return undefined;
  return `AI_MODEL=${status.name} could not be checked (${status.unchecked}), so replies use it as configured and fail with a sentence if the provider does not know it.`;
}

/** Logs the start-up sentence once the provider has answered; start-up does not wait for it. */
export async function announceAgent(
  status: Promise<AgentStatus> = agentStatus(),
  log: (line: string) => void = console.error,
): Promise<void> {
  const sentence = startupSentence(await status);
  if (sentence) log(sentence);
}
