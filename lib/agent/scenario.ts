/**
 * A scenario of the mock agent: it answers its own starter prompt or slash command, and nothing
 * else, so a person (or a test) can walk every feature of the host without a model.
 */
export type Scenario = {
  name: string;
  /** The starter prompt the home page offers for this scenario. */
  prompt: string;
  /** Its slash command: a short way to ask for the same reply. */
  command: `/${string}`;
  reply(): string;
  /** A reply a subagent writes while the agent works on this one. */
  subagent?(): string;
  /** How many times slower than usual the reply streams; 1 unless given. */
  pace?: number;
  /** An MCP App's tool the agent calls after its reply's text, whose view the page draws. */
  app?: AppToolRequest;
};

/** A tool of the host's MCP server the mock agent calls, and its arguments. */
export type AppToolRequest = { toolName: string; input: Record<string, unknown> };

/**
 * What the mock agent writes for one message, and how many times slower than usual it streams:
 * in small chunks, as a model streams tokens, or in the `pieces` given (which make up `text`).
 */
export type Script = {
  text: string;
  subagent?: string;
  pace: number;
  pieces?: string[];
  app?: AppToolRequest;
};

export function choiceListFrame(
  instanceId: string,
  prompt: string,
  choices: unknown[],
  summary: string,
) {
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
