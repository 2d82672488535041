import { echo } from "./echo";
import { envelope } from "./envelope";
import { choiceListFrame, type Scenario, type Script } from "./scenario";
import { SCENARIOS } from "./scenarios";

/**
 * Which scenario a message asks for: its starter prompt or its slash command, compared without
 * case, repeated spaces or trailing punctuation. Anything else gets the help reply, which offers
 * the starters as a ChoiceList whose picks send them.
 */

export const HELP_COMMAND = "/help";

// "slowly" after a starter streams its reply this many times slower: time to reload or queue mid-reply.
const SLOW_PACE = 4;

/** A message as starters are compared: lower case, single spaces, no trailing punctuation. */
export function starterKey(message: string): string {
  return message
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase()
    .replace(/[\s\p{P}]+$/u, "");
}

const BY_KEY = new Map(
  SCENARIOS.flatMap((scenario) => [
    [starterKey(scenario.prompt), scenario] as const,
    [scenario.command, scenario] as const,
  ]),
);

/** The scenario a message asks for, and its pace; null for anything that is not a starter. */
export function findStarter(message: string): { scenario: Scenario; pace: number } | null {
  const key = starterKey(message);
  const exact = BY_KEY.get(key);
  if (exact) return { scenario: exact, pace: exact.pace ?? 1 };
  const unslowed = key.replace(/[\s,]+slowly$/, "");
  const slowed = unslowed === key ? undefined : BY_KEY.get(starterKey(unslowed));
  return slowed ? { scenario: slowed, pace: SLOW_PACE } : null;
}

const ABOUT =
  "This is the scripted demo agent: it answers only its starters, each showing one thing the chat host can do. " +
  "To chat with a real model instead, set `AGENT=model`, `AI_MODEL` and a key (see “Use your own model” in the README).";

const STARTERS_FRAME = choiceListFrame(
  "starters",
  "Try a starter",
  SCENARIOS.map((scenario) => ({
    id: scenario.name,
    label: scenario.prompt,
    description: scenario.command,
  })),
  `Send a starter: ${SCENARIOS.map((scenario) => scenario.prompt).join("; ")}.`,
);

/**
 * Prose, then the starters list. Boilerplate nobody asked to watch arrive, so it comes in two
 * pieces (the envelope's prose record, then its list record) rather than hundreds of chunks.
 */
function withStarters(text: string): Script {
  const prose = envelope([{ kind: "text", text }]);
  const whole = envelope([
    { kind: "text", text },
    { kind: "component", frame: STARTERS_FRAME },
  ]);
  return { text: whole, pace: 1, pieces: [prose, whole.slice(prose.length)] };
}

/** The reply to anything that is not a starter: the message quoted, what the demo shows, and the starters. */
export function helpReply(message: string): Script {
  return withStarters(
    `${echo(message)}\n\n${ABOUT} Pick a starter below, or send \`${HELP_COMMAND}\` for their slash commands.`,
  );
}

/** The reply to `/help`: every slash command, and the starters to pick. */
export function commandList(): Script {
  const commands = SCENARIOS.map((scenario) => `- \`${scenario.command}\`: ${scenario.prompt}`);
  const host = "- `/release`: a release route the host answers itself, without the agent";
  return withStarters(
    `${ABOUT}\n\nSlash commands:\n\n${[...commands, host].join("\n")}\n\nAdd “slowly” after any starter to watch its reply stream.`,
  );
}
