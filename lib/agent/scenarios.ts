import { BLOCK_SCENARIOS } from "./block-scenarios";
import { EXAMPLE_SCENARIOS } from "./example-scenarios";
import { envelope } from "./envelope";
import { DEMO_WEEK } from "@/lib/mcp/calendar";
import { choiceListFrame, type Scenario } from "./scenario";

/**
 * The mock agent's scenarios. Each answers its own starter prompt or slash command (`starters.ts`
 * matches them), so a person (or a test) can walk every feature of the host without a model.
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

// Blocks first: they are what the home page offers first.
export const SCENARIOS: Scenario[] = [
  ...BLOCK_SCENARIOS,
  ...EXAMPLE_SCENARIOS,
  {
    name: "deployment-window",
    prompt: "Choose a deployment window",
    command: "/deploy",
    reply: () =>
      envelope([
        {
          kind: "text",
          text: "Here are this week's free windows for deploying checkout. Pick one and confirm it in the calendar.",
        },
      ]),
    app: {
      toolName: "choose_deployment_window",
      input: { service: "checkout", weekOf: DEMO_WEEK },
    },
  },
  {
    name: "destination",
    prompt: "Where should we go next?",
    command: "/destination",
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
    command: "/email",
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
                action: {
                  name: "send-email",
                  input: {
                    to: "ada@example.com",
                    subject: "Release notes",
                    body: "Version 1.4 is out.",
                  },
                },
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
    command: "/refuse",
    reply: () =>
      envelope([
        { kind: "text", text: "Each of these proposes an action the host should refuse." },
        {
          kind: "component",
          frame: choiceListFrame(
            "unsafe-actions",
            "Which action?",
            [
              {
                id: "wipe",
                label: "Delete every file",
                action: { name: "delete-everything", input: {} },
              },
              {
                id: "bad-address",
                label: "Email nobody",
                action: {
                  name: "send-email",
                  input: { to: "not-an-address", subject: "Hi", body: "Hello" },
                },
              },
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
    command: "/imitate",
    reply: () =>
      envelope([
        {
          kind: "text",
          text: "This list copies the release route's instance id and aliases, but the agent wrote it.",
        },
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
    command: "/broken",
    reply: () =>
      envelope([
        {
          kind: "text",
          text: "This reply carries an invalid frame, an unregistered one, and a valid one.",
        },
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
    command: "/slow-story",
    reply: () => STORY,
    pace: 4,
  },
  {
    name: "story",
    prompt: "Tell me a long story",
    command: "/story",
    reply: () => STORY,
  },
];
