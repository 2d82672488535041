/**
 * A scenario of the mock agent: it matches a message and writes a reply, so a person (or a test)
 * can walk every feature of the host without a model.
 */
export type Scenario = {
  name: string;
  /** A starter prompt the home page offers for this scenario. */
  prompt: string;
  matches(message: string): boolean;
  reply(message: string): string;
  /** A reply a subagent writes while the agent works on this one. */
  subagent?(): string;
};

/** What the mock agent writes for one message. */
export type Script = { text: string; subagent?: string };

export function choiceListFrame(instanceId: string, prompt: string, choices: unknown[], summary: string) {
  return {
    protocol: "agentskit.chat.component",
    version: 1,
    type: "render",
    componentKey: "choice-list",
    instanceId,
    props: { prompt, choices },
    fallback: { kind: "choice-list", summary },
  };
}
