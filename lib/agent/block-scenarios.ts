import { envelope } from "./envelope";
import { choiceListFrame, type Scenario } from "./scenario";

// Scenarios whose replies carry intelligent-ui blocks (```ui fences). Each Choice's context is
// what the person's pick says to the agent next, shown in the chat as their message, so it is
// worded as they would say it; the follow-ups below answer those contexts, so a person can walk
// the release checklist step by step.

const ui = (source: string) => `\`\`\`ui\n${source}\n\`\`\``;

const RELEASE_CHECKLIST = ui(`$checks = ["tests"]
$notify = false
$rollout = 25
$target = "staging"
<Summary tone="info" badge="v2.4">Release checklist for {$target}</Summary>
<Checklist value={$checks}>
  <Item value="tests">Tests pass</Item>
  <Item value="docs">Docs updated</Item>
  <Item value="changelog">Changelog written</Item>
</Checklist>
<Segmented value={$target}>
  <Option value="staging">Staging</Option>
  <Option value="production">Production</Option>
</Segmented>
<Slider value={$rollout} min={0} max={100} step={5} unit="%">Rollout</Slider>
<Switch value={$notify}>Notify the team</Switch>
<Button action={@Set($rollout, 100)}>Full rollout</Button>
<Button action={@Reset()}>Start over</Button>
<Show when={$target == "production"}>
  <Callout tone="warning" title="Production">Rolling out to {$rollout}% of users.</Callout>
</Show>
<EntityList>
  <Each items={$checks} as="check">
    <Entry label={check}>done</Entry>
  </Each>
</EntityList>
<Choices>
  <Choice primary={true} disabled={@Count($checks) < 2} context={"Ship " + $target + " at " + $rollout + "%, with " + @Join($checks) + " checked. " + (($notify && "Tell the team.") || "No need to tell the team.")}>Release to {$target}</Choice>
  <Choice context="Hold the release for now.">Hold</Choice>
</Choices>`);

const ROLLOUT_PLAN = (target: string, rollout: string) =>
  ui(`$confirm = false
<Summary tone="success" badge="${rollout}%">Rollout plan for ${target}</Summary>
<Steps>
  <Step state="done">Build and tag</Step>
  <Step state="running" detail="about 4 minutes">Canary at 5%</Step>
  <Step state="pending">Roll out to ${rollout}%</Step>
</Steps>
<Progress value={1} max={3}>Stage 1 of 3</Progress>
<Switch value={$confirm}>I watched the canary dashboards</Switch>
<Choices>
  <Choice primary={true} disabled={!$confirm} context="The canary looks good, so start the rollout.">Start rollout</Choice>
  <Choice context="Roll back the canary.">Roll back</Choice>
</Choices>`);

const RELEASE_DONE = ui(`<Summary tone="success">Release complete</Summary>
<Stats>
  <Stat label="Error rate" value={0.2} previous={0.4} unit="%" tone="success"/>
  <Stat label="p95 latency" value={182} previous={190} unit="ms"/>
</Stats>
<Callout tone="info" title="Next">The changelog is published with the release notes.</Callout>`);

const BUILD_TRIAGE = ui(`$branch = "main"
$runs = @Query("ci.runs", {branch: $branch})
<Summary tone="warning" badge={$runs.failing + " failing"}>CI on {$branch}</Summary>
<Segmented value={$branch}>
  <Option value="main">main</Option>
  <Option value="dev">dev</Option>
  <Option value="release">release</Option>
</Segmented>
<Table rows={$runs.runs}>
  <Column key="job" title="Job"/>
  <Column key="status" title="Status" as="tag"/>
  <Column key="ms" title="Time" as="duration"/>
</Table>
<Show when={$runs.failing == 0}>
  <Callout tone="success" title="All green">Every job on {$branch} passed.</Callout>
</Show>
<Choices>
  <Choice primary={true} disabled={$runs.failing == 0} context={"Re-run the failed jobs on " + $branch + ": " + @Join($runs.failedJobs) + "."}>Re-run failed jobs</Choice>
  <Choice disabled={$runs.failing == 0} context={"Open the failing test on " + $branch + " (" + @Join($runs.failedJobs) + ")."}>Open the failing test</Choice>
  <Choice context={"Summarise " + $branch + " for the team: " + $runs.failing + " of " + @Count($runs.runs) + " jobs failing."}>Summarise for the team</Choice>
</Choices>`);

// Host links into the demo's repository (a public Next.js one): fixed ones, one that follows the
// picked package, and a Node, which a repository cannot open.
const CODE_LINKS = ui(`$package = "next"
<Summary tone="info">Where the release changed</Summary>
<Segmented value={$package}>
  <Option value="next">next</Option>
  <Option value="create-next-app">create-next-app</Option>
</Segmented>
<File path={"packages/" + $package + "/package.json"} line={3}>The picked package's manifest</File>
<File path="package.json" line={2}/> <Diff path="packages/next/package.json"/> <Commit sha="a1b2c3d4e5f6"/> <Node id="web-1"/>`);

const SUBAGENT_REPORT =
  ui(`<Summary tone="warning" badge="3 failing">Checks subagent report</Summary>
<Table rows={[{job: "lint", ms: 1200, state: "passed"}, {job: "unit", ms: 5400, state: "failed"}, {job: "e2e", ms: 91000, state: "failed"}]}>
  <Column key="job" title="Job"/>
  <Column key="ms" title="Time" as="duration"/>
  <Column key="state" title="State" as="tag"/>
</Table>
<Choices>
  <Choice context="Re-run the failed jobs on main: unit, e2e.">Rerun failing jobs</Choice>
</Choices>`);

const MALFORMED = [
  "This reply holds a healthy block, a damaged one, and another healthy one after it.",
  ui(`<Summary tone="success">Healthy before</Summary>
<Stats><Stat label="Deploys" value={12}/></Stats>`),
  ui(`$count = 3
<Summary>Damaged block</Summary>
<Gauge value={$count}/>
<Stat label= >
<Callout tone="loud">An unknown tone</Callout>
<Choices>
  <Choice context="Even the damaged block can be answered.">Still answerable</Choice>
</Choices>`),
  ui(`<Summary tone="info">Healthy after</Summary>
<Choices><Choice context="The blocks around it drew fine.">Looks fine</Choice></Choices>`),
].join("\n\n");

const GALLERY = ui(`$done = ["build"]
$on = true
$level = 40
$env = "dev"
<Summary tone="info" badge="36 components">Every component</Summary>
<Callout tone="success" title="Callout">A note with **emphasis** and \`code\`.</Callout>
<Tag tone="warning">Tag</Tag>
<Progress value={3} max={4}>Progress</Progress>
<Steps><Step state="done">Step one</Step><Step state="running" detail="now">Step two</Step></Steps>
<Stats><Stat label="Stat" value={42} previous={40} unit="ms" tone="success"/></Stats>
<EntityList><Entry label="Entry">An entity</Entry></EntityList>
<Table rows={[{name: "report.pdf", size: 20480, took: 1500, when: "2026-11-30T10:00:00Z"}]}>
  <Column key="name" title="File" as="file"/>
  <Column key="size" title="Size" as="bytes"/>
  <Column key="took" title="Took" as="duration"/>
  <Column key="when" title="When" as="date"/>
</Table>
<Chart kind="bar" data={[{label: "Mon", value: 3}, {label: "Tue", value: 5}, {label: "Wed", value: 2}]} unit="runs"/>
<Tabs><Tab title="First tab">First panel</Tab><Tab title="Second tab">Second panel</Tab></Tabs>
<Sections><Section title="Section">Hidden until opened</Section></Sections>
<CodeBlock language="ts">const answer = 42;</CodeBlock>
<Image attachment="diagram.png" alt="A diagram"/>
<Sources><Source title="Example" url="https://example.com"/></Sources>
<File path="lib/app.ts" line={12}/>
<Diff path="lib/app.ts"/>
<Commit sha="a1b2c3d"/>
<Node id="web-1"/>
<Checklist value={$done}><Item value="build">Build</Item><Item value="ship">Ship</Item></Checklist>
<Switch value={$on}>A switch</Switch>
<Slider value={$level} min={0} max={100} step={10} unit="%">A slider</Slider>
<Segmented value={$env}><Option value="dev">Dev</Option><Option value="prod">Prod</Option></Segmented>
<Button action={@Set($level, 100)}>A button</Button>
<Show when={$on}><Tag tone="success">Shown while the switch is on</Tag></Show>
<Each items={["one", "two"]} as="n"><Tag>{n}</Tag></Each>
<Choices><Choice context="Every component looks right.">A choice</Choice></Choices>`);

export const BLOCK_SCENARIOS: Scenario[] = [
  {
    name: "build-triage",
    prompt: "Triage the failing build",
    command: "/triage",
    reply: () =>
      `Here is CI as it stands, live. Switch the branch to compare; the table updates as runs change.\n\n${BUILD_TRIAGE}\n`,
  },
  {
    name: "release-checklist",
    prompt: "Walk me through a release checklist",
    command: "/checklist",
    reply: () =>
      `Here is the checklist. Tick what is done, pick the target and rollout, then release.\n\n${RELEASE_CHECKLIST}\n`,
  },
  {
    name: "subagent-report",
    prompt: "Ask a subagent to check the build",
    command: "/subagent",
    reply: () =>
      "I asked the checks subagent to look at the build. Its report is below; it is for reading, and the next step is yours to ask.",
    subagent: () => `The checks ran on main.\n\n${SUBAGENT_REPORT}\n`,
  },
  {
    name: "malformed-block",
    prompt: "Draw a block with mistakes in it",
    command: "/mistakes",
    reply: () => MALFORMED,
  },
  {
    name: "mixed-reply",
    prompt: "Mix prose, a block and a list",
    command: "/mix",
    reply: () =>
      envelope([
        {
          kind: "text",
          text: `Prose first, then a block:\n\n${ui(`$size = "Medium"\n<Segmented value={$size}><Option value="Small">Small</Option><Option value="Medium">Medium</Option></Segmented>\n<Choices><Choice context={"I'll take size " + $size + "."}>Pick this size</Choice></Choices>`)}\n`,
        },
        {
          kind: "component",
          frame: choiceListFrame(
            "mixed-colour",
            "And a colour?",
            [
              { id: "red", label: "Red" },
              { id: "blue", label: "Blue" },
            ],
            "Choose Red or Blue.",
          ),
        },
        { kind: "text", text: "Both can be answered, once each." },
      ]),
  },
  {
    name: "code-links",
    prompt: "Show the files behind the release",
    command: "/files",
    reply: () =>
      `These files and changes make the release; the first follows the package you pick.\n\n${CODE_LINKS}\n`,
  },
  {
    name: "gallery",
    prompt: "Show every block component",
    command: "/gallery",
    reply: () => `Every component of the catalog, in one block:\n\n${GALLERY}\n`,
  },
];

// What a person says with each static context above, answered in a word.
const ACKNOWLEDGED: Record<string, string> = {
  "Hold the release for now.":
    "Understood: nothing ships. Ask for the release checklist again when you are ready.",
  "Roll back the canary.":
    "Rolled back: nothing ships. Ask for the release checklist again when you are ready.",
  "Even the damaged block can be answered.":
    "Right: a damaged block still answers, and its neighbours draw as written.",
  "The blocks around it drew fine.": "Good: one damaged block leaves its neighbours alone.",
  "Every component looks right.": "Good: all 36 components drew.",
};

/** Answers to the contexts of the demo's block choices: the next step, naming what was picked. */
export function blockFollowUp(context: string): string | null {
  const rerun = /^Re-run the failed jobs on (\S+): (.+)\.$/.exec(context);
  if (rerun) return `Re-running **${rerun[2]}** on ${rerun[1]}. I'll report back when they finish.`;
  const open = /^Open the failing test on (\S+) \((.+)\)\.$/.exec(context);
  if (open) return `Opening the first failure of **${open[2]}** on ${open[1]}.`;
  const summary = /^Summarise (\S+) for the team: (.+)\.$/.exec(context);
  if (summary) return `For the team: **${summary[1]}** has ${summary[2]}.`;
  const ship = /^Ship (\w+) at (\d+)%/.exec(context);
  if (ship)
    return `Good. Here is the rollout plan for **${ship[1]}**.\n\n${ROLLOUT_PLAN(ship[1]!, ship[2]!)}\n`;
  if (context === "The canary looks good, so start the rollout.")
    return `The rollout finished.\n\n${RELEASE_DONE}\n`;
  const size = /^I'll take size (\w+)\.$/.exec(context);
  if (size) return `Noted: size **${size[1]}**. Anything else?`;
  return ACKNOWLEDGED[context] ?? null;
}
