import type { UiLimits } from "./types";

// A process's first block pays for the engine compiling the parser and evaluator, often more than
// the whole 30 ms budget on a cold serverless instance. Running the pipeline once on a
// representative block, outside any budget, keeps that cost off the first real block, so a
// budget refusal always reflects the block's own work.

export const WARM_UP_LIMITS: Partial<UiLimits> = { milliseconds: 60_000 };

export const WARM_UP_SOURCE = `$items = ["a", "b"]
$on = false
$level = 2
$pick = "x"
<Summary tone="info">Warm {$pick} {@Count($items)}</Summary>
<Checklist value={$items}><Item value="a">A</Item><Item value="b">B</Item></Checklist>
<Switch value={$on}/>
<Slider value={$level} min={0} max={10} step={1}/>
<Segmented value={$pick}><Each items={["x", "y"]} as="name"><Option value={name}>{name}</Option></Each></Segmented>
<Stats><Stat label="n" value={@Round(@Sum([1, 2.5]), 1)} unit="u"/></Stats>
<Button action={@Set($on, true)}>On</Button>
<Show when={$on && $level > 1}><Callout tone="warning" title="t">{"x" + $level}</Callout></Show>
<Choices><Choice context={"Go " + @Join(@Filter($items, i, i != "b"))}>Go</Choice></Choices>`;

const warmed = new Set<"compile" | "evaluate">();

/** Runs `warm` once per process and stage, before that stage's first budgeted run. */
export function warmUpOnce(stage: "compile" | "evaluate", warm: () => void): void {
  if (warmed.has(stage)) return;
  warmed.add(stage);
  warm();
}
