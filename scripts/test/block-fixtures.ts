// Realistic blocks shared by the tests and the benchmark.

export const RELEASE_BLOCK = `$checks = ["tests"]
$notify = false
$rollout = 25
$target = "staging"
<Summary tone="info" badge="v2.4">Release checklist for {$target}</Summary>
<Checklist value={$checks}>
  <Item value="tests">Tests pass</Item>
  <Item value="docs">Docs updated</Item>
  <Item value="changelog">Changelog written</Item>
</Checklist>
<Switch value={$notify}/>
<Slider value={$rollout} min={0} max={100} step={5} unit="%"/>
<Segmented value={$target}>
  <Option value="staging">Staging</Option>
  <Option value="production">Production</Option>
</Segmented>
<Button action={@Set($rollout, 100)}>Full rollout</Button>
<Button action={@Reset()}>Start over</Button>
<Show when={$target == "production"}>
  <Callout tone="warning" title="Production">Rolling out to {$rollout}% of users.</Callout>
</Show>
<Choices>
  <Choice primary={true} context={"Release to " + $target + " at " + $rollout + "% with " + @Join($checks)}>Release {$target}</Choice>
  <Choice context="Hold the release">Hold</Choice>
  <Choice disabled={@Count($checks) < 3}>Skip review</Choice>
</Choices>`;

export const TRIAGE_BLOCK = `$branch = "main"
$runs = @Query("ci.runs", {branch: $branch})
<Summary tone="warning">CI on {$branch}</Summary>
<Segmented value={$branch}>
  <Each items={["main", "dev", "release"]} as="name">
    <Option value={name}>{name}</Option>
  </Each>
</Segmented>
<Stats>
  <Stat label="Failed" value={3} previous={5} tone="danger"/>
  <Stat label="Passed" value={41} unit="runs"/>
</Stats>
<Table rows={[{name: "lint", ms: 1200}, {name: "unit", ms: 5400}]}>
  <Column key="name" title="Job"/>
  <Column key="ms" title="Time" as="duration"/>
</Table>
<CodeBlock language="sh">npm test -- --grep "<Button>" {not parsed}</CodeBlock>
<Choices>
  <Each items={["retry", "bisect"]} as="step">
    <Choice context={"Please " + step + " on " + $branch}>{step} {$branch}</Choice>
  </Each>
</Choices>`;

/** A block of `count` Stats, the shape a dashboard reply takes. */
export function statsBlock(count: number): string {
  const stats = Array.from(
    { length: count },
    (_, i) => `  <Stat label="Metric ${i}" value={${i * 7}} unit="ms"/>`,
  );
  return `<Summary>Dashboard</Summary>\n<Stats>\n${stats.join("\n")}\n</Stats>`;
}

export function fenced(source: string, before = "Here is the plan.\n", after = "\nDone."): string {
  return `${before}\`\`\`ui\n${source}\n\`\`\`${after}`;
}

/**
 * Tests share a busy machine: a wall-clock budget of 30 ms would fail at random there, so tests
 * that are not about time give it room (steps and iterations still count).
 */
export const ROOMY_LIMITS = { milliseconds: 10_000 };

/** The same room for a whole reply: its 60 ms would otherwise refuse a later fence at random. */
export const ROOMY_REPLY_LIMITS = { milliseconds: 10_000 };

type LabelledNode = { id: string; type: string; text?: string; children: readonly LabelledNode[] };

/** The id of the first Choice whose label starts with `label`, for tests that pick one. */
export function choiceIdByLabel(nodes: readonly LabelledNode[], label: string): string {
  const walk = (list: readonly LabelledNode[]): LabelledNode | undefined => {
    for (const node of list) {
      if (
        node.type === "Choice" &&
        (node.children.find((child) => child.type === "text")?.text ?? "").startsWith(label)
      )
        return node;
      const found = walk(node.children);
      if (found) return found;
    }
    return undefined;
  };
  const found = walk(nodes);
  if (!found) throw new Error(`No Choice labelled ${label}`);
  return found.id;
}
