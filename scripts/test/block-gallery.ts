// A block that uses every catalog component once, valid as written: the renderer tests draw it.
export const GALLERY_BLOCK = `$checks = ["tests"]
$notify = false
$rollout = 25
$target = "staging"
<Summary tone="info" badge="v2.4">Release *checklist* for {$target}</Summary>
<Callout tone="warning" title="Heads up">Read the [notes](https://example.com/notes) and \`npm test\`.</Callout>
<Tag tone="success">stable</Tag>
<Progress value={3} max={4}/>
<Progress/>
<Steps>
  <Step state="done">Build</Step>
  <Step state="running" detail="2 of 3">Test</Step>
</Steps>
<Stats>
  <Stat label="Failed" value={3} previous={5} tone="danger"/>
  <Stat label="Passed" value={41} unit="runs"/>
</Stats>
<EntityList>
  <Entry label="api">The service</Entry>
</EntityList>
<Table rows={[{name: "lint", ms: 1200, size: 2048000, at: "2024-05-01T10:00:00Z", path: "src/a.ts", state: "ok", count: 1234.5}]}>
  <Column key="name" title="Job"/>
  <Column key="ms" title="Time" as="duration"/>
  <Column key="size" title="Size" as="bytes"/>
  <Column key="at" title="When" as="date"/>
  <Column key="path" title="File" as="file"/>
  <Column key="state" title="State" as="tag"/>
  <Column key="count" title="Count" as="number" unit="ops"/>
</Table>
<Chart kind="bar" data={[{day: "Mon", runs: 3}, {day: "Tue", runs: 5}]}/>
<Chart kind="hbar" data={[{day: "Mon", runs: 3}]}/>
<Chart kind="stacked" data={[{day: "Mon", ok: 3, failed: 1}]}/>
<Chart kind="line" data={[{day: "Mon", runs: 3}, {day: "Tue", runs: 5}]} unit="runs"/>
<Tabs>
  <Tab title="One">First panel</Tab>
  <Tab title="Two">Second panel</Tab>
</Tabs>
<Sections>
  <Section title="Details">Hidden details</Section>
</Sections>
<CodeBlock language="sh">npm test -- --grep "<Button>"</CodeBlock>
<Image attachment="screenshot.png" alt="The failing page"/>
<Sources>
  <Source title="Docs" url="https://example.com/docs"/>
</Sources>
<File path="src/app.ts" line={148}/> <Diff path="src/app.ts"/> <Commit sha="abc1234def"/> <Node id="deploy-7"/>
<Checklist value={$checks}>
  <Item value="tests">Tests pass</Item>
  <Item value="docs">Docs updated</Item>
</Checklist>
<Switch value={$notify}>Notify me</Switch>
<Slider value={$rollout} min={0} max={100} step={5} unit="%">Rollout</Slider>
<Segmented value={$target}>
  <Option value="staging">Staging</Option>
  <Each items={["production"]} as="name">
    <Option value={name}>Production</Option>
  </Each>
</Segmented>
<Button action={@Set($rollout, 100)}>Full rollout</Button>
<Show when={$target == "staging"}>
  <Callout tone="info">Staging first.</Callout>
</Show>
<Choices>
  <Choice context="Hold the release">Hold</Choice>
  <Choice primary={true} context={"Release to " + $target}>Release {$target}</Choice>
  <Choice disabled={true}>Skip review</Choice>
</Choices>`;
