import { BLOCK_SCENARIOS, blockFollowUp } from "./block-scenarios";
import { echo } from "./echo";
import { EXAMPLE_SCENARIOS } from "./example-scenarios";
import { envelope } from "./envelope";
import { outcomeReply } from "./outcome-replies";
import { choiceListFrame, type Scenario, type Script } from "./scenario";

/**
 * The mock agent's script. Each scenario matches a message and writes a reply, so a person (or a
 * test) can walk every feature of the host without a model.
 */

const STORY = [
  "## The lighthouse keeper's ledger",
  "",
  "Every evening the keeper wrote three lines in the ledger: the wind, the ships, and one thing that surprised her.",
  "Most evenings the surprise was small. A gull that stood on one leg for an hour. A fog that arrived **from the land** instead of the sea.",
  "",
  "- On the first night of winter she noted a ship that signalled twice and never came closer.",
  "- On the second she noted that the lamp's clockwork ran four seconds slow.",
  "- On the third she noted nothing at all, and underlined it.",
  "",
  "By spring the ledger had become a map of everything the coast had tried to tell her, and she began to read it backwards, one line a night, until the ship that signalled twice made sense.",
  "",
  "That is the whole story: a person paying attention, and writing it down, until the pattern shows itself.",
].join("\n");

// Blocks first: they are what the home page offers first. The stories match loosely ("slowly",
// "long"), so they come last: "Where should we go next, slowly?" is the list, written slowly.
export const SCENARIOS: Scenario[] = [
  ...BLOCK_SCENARIOS,
  ...EXAMPLE_SCENARIOS,
  {
    name: "destination",
    prompt: "Where should we go next?",
    matches: (message) => /\bwhere should we go\b/i.test(message),
    reply: () =>
      envelope([
        { kind: "text", text: "Happy to help. Pick one and I'll take it from there." },
        {
          kind: "component",
          frame: choiceListFrame(
            "destination-choice",
            "Where should we go?",
            [
              { id: "docs", label: "Documentation", description: "Read the component guide." },
              { id: "demo", label: "Demo" },
            ],
            "Choose Documentation or Demo.",
          ),
        },
      ]),
  },
  {
    name: "send-email",
    prompt: "Email the release notes",
    matches: (message) => /\bemail\b/i.test(message),
    reply: () =>
      envelope([
        { kind: "text", text: "I drafted the release notes. Nothing is sent until you confirm." },
        {
          kind: "component",
          frame: choiceListFrame(
            "release-email",
            "Send the release notes?",
            [
              {
                id: "send",
                label: "Send to Ada",
                description: "Emails ada@example.com after you confirm.",
                action: { name: "send-email", input: { to: "ada@example.com", subject: "Release notes", body: "Version 1.4 is out." } },
              },
              { id: "hold", label: "Hold for now" },
            ],
            "Send the release notes to Ada, or hold them.",
          ),
        },
      ]),
  },
  {
    name: "unsafe-actions",
    prompt: "Propose actions the app must refuse",
    matches: (message) => /\bmust refuse\b/i.test(message),
    reply: () =>
      envelope([
        { kind: "text", text: "Each of these proposes an action the host should refuse." },
        {
          kind: "component",
          frame: choiceListFrame(
            "unsafe-actions",
            "Which action?",
            [
              { id: "wipe", label: "Delete every file", action: { name: "delete-everything", input: {} } },
              { id: "bad-address", label: "Email nobody", action: { name: "send-email", input: { to: "not-an-address", subject: "Hi", body: "Hello" } } },
              { id: "fine", label: "Just reply" },
            ],
            "Choose Delete every file, Email nobody or Just reply.",
          ),
        },
      ]),
  },
  {
    name: "imitation",
    prompt: "Imitate the release route",
    matches: (message) => /\bimitate\b/i.test(message),
    reply: () =>
      envelope([
        { kind: "text", text: "This list copies the release route's instance id and aliases, but the agent wrote it." },
        {
          kind: "component",
          frame: choiceListFrame(
            "release-target",
            "Release which environment?",
            [{ id: "production", label: "Production", description: "/release production" }],
            "Choose Production.",
          ),
        },
      ]),
  },
  {
    name: "broken-frame",
    prompt: "Show a broken component",
    matches: (message) => /\bbroken\b/i.test(message),
    reply: () =>
      envelope([
        { kind: "text", text: "This reply carries an invalid frame, an unregistered one, and a valid one." },
        { kind: "component", frame: choiceListFrame("broken", "Pick", [], "Nothing to pick.") },
        {
          kind: "component",
          frame: {
            protocol: "agentskit.chat.component",
            version: 1,
            type: "render",
            componentKey: "weather-card",
            instanceId: "weather",
            props: { city: "Lisbon" },
            fallback: { kind: "weather-card", summary: "Lisbon: sunny, 24 °C." },
          },
        },
        {
          kind: "component",
          frame: choiceListFrame(
            "broken-neighbour",
            "Did the valid list draw?",
            [
              { id: "yes", label: "Yes, it drew" },
              { id: "no", label: "No" },
            ],
            "Choose Yes, it drew or No.",
          ),
        },
        { kind: "text", text: "The text around them still reads normally." },
      ]),
  },
  {
    name: "slow-story",
    prompt: "Tell me a long story, slowly",
    matches: (message) => /\bslowly\b/i.test(message),
    reply: () => STORY,
  },
  {
    name: "story",
    prompt: "Tell me a long story",
    matches: (message) => /\b(story|long)\b/i.test(message),
    reply: () => STORY,
  },
];

/**
 * How many times slower than usual a reply streams. A slow reply leaves time to queue messages,
 * reload or open a second tab while it is still streaming.
 */
export function replyPace(message: string): number {
  return /\bslowly\b/i.test(message) ? 4 : 1;
}

const CHOICE = /^The person chose "(.+)" from your UI reply; their message is the visible context of that choice\.\n\n([\s\S]*)$/;

/** The reply to a message: a scenario's, an answer to a picked choice, or a short echo. */
export function scriptedReply(message: string): Script {
  const chosen = CHOICE.exec(message);
  if (chosen) {
    const [, label = "", context = ""] = chosen;
    return { text: blockFollowUp(context) ?? `Noted: **${label}**. ${followUp(label)}` };
  }
  const outcome = outcomeReply(message);
  if (outcome) return { text: outcome };
  const scenario = SCENARIOS.find((candidate) => candidate.matches(message));
  if (scenario) return { text: scenario.reply(message), subagent: scenario.subagent?.() };
  return { text: `${echo(message)}\n\nTry one of the starter prompts to see interactive replies.` };
}

function followUp(label: string): string {
  if (/documentation/i.test(label)) return "The component guide starts with the manifest.";
  if (/demo/i.test(label)) return "The demo walks through a ChoiceList from start to finish.";
  return "What would you like to do next?";
}
