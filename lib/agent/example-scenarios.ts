import { envelope } from "./envelope";
import { choiceListFrame, type Scenario } from "./scenario";

// The extension guides' scenarios (docs/extend.md): a block reading the example.weather source,
// and a ChoiceList whose choice proposes the create-issue tool. Each answers its prompt or command only.

// #region weather-block
export const WEATHER_BLOCK = `\`\`\`ui
$city = "lisbon"
$weather = @Query("example.weather", {city: $city})
<Summary tone="info" badge={$weather.sky}>Weather in {$weather.city}</Summary>
<Segmented value={$city}>
  <Option value="lisbon">Lisbon</Option>
  <Option value="oslo">Oslo</Option>
  <Option value="tokyo">Tokyo</Option>
</Segmented>
<Stats>
  <Stat label="Temperature" value={$weather.celsius} unit="°C"/>
  <Stat label="Wind" value={$weather.windKmh} unit="km/h"/>
</Stats>
<Choices>
  <Choice primary={true} context={"Let's meet in " + $weather.city + " (" + $weather.celsius + " °C, " + $weather.sky + ")."}>Meet here</Choice>
</Choices>
\`\`\``;
// #endregion weather-block

/** The answer to a pick on the weather block: the city the person picked, and its weather. */
export function exampleFollowUp(context: string): string | null {
  const meet = /^Let's meet in (.+) \((.+)\)\.$/.exec(context);
  return meet ? `Noted: we meet in **${meet[1]}** (${meet[2]}).` : null;
}

export const EXAMPLE_SCENARIOS: Scenario[] = [
  {
    name: "weather",
    prompt: "Show the weather by city",
    command: "/weather",
    reply: () => `${WEATHER_BLOCK}\n`,
  },
  // #region create-issue
  {
    name: "create-issue",
    prompt: "File an issue about the flaky test",
    command: "/create-issue",
    reply: () =>
      envelope([
        { kind: "text", text: "I drafted the issue. Nothing is filed until you confirm." },
        {
          kind: "component",
          frame: choiceListFrame(
            "file-issue",
            "File this issue?",
            [
              {
                id: "file",
                label: "File the issue",
                description: "Files “Flaky e2e test on dev” after you confirm.",
                action: {
                  name: "create-issue",
                  input: {
                    title: "Flaky e2e test on dev",
                    body: "The e2e job fails one run in five.",
                    labels: ["bug"],
                  },
                },
              },
              { id: "skip", label: "Not now" },
            ],
            "File the issue, or not now.",
          ),
        },
      ]),
  },
  // #endregion create-issue
];
