import dynamic from "next/dynamic";
import type { UiViewNode } from "@/lib/intelligent-ui";
import { Choice, Choices } from "./choices";
import { CodeBlock, Image, Sources, Source } from "./content";
import { EntityList, Entry, Stat, Stats } from "./data";
import { InlineMarkdown } from "./inline-markdown";
import { Button, Checklist, Item, Option, Passthrough, Segmented, Slider, Switch } from "./inputs";
import { Commit, Diff, File, Node } from "./links";
import { Callout, Progress, Step, Steps, Summary, Tag } from "./status";
import { Column, Table } from "./table";
import { Section, Sections, Tab, Tabs } from "./structure";
import type { NodeRenderer } from "./view-nodes";

// Few replies draw a chart: its code loads when one does (a server-drawn page preloads it). Until
// then a box of the drawing's height at full width holds its place.
const Chart = dynamic(() => import("./chart").then((module) => module.Chart), {
  loading: () => (
    <div
      aria-hidden="true"
      className="aspect-[5/2] w-full max-w-[500px] rounded-md bg-zinc-100 dark:bg-zinc-800"
    />
  ),
});

function Text({ node }: { node: UiViewNode }) {
  return <InlineMarkdown text={node.text ?? ""} />;
}

/**
 * Every node type this app draws: the 36 catalog components and text runs. A Map, so a hostile
 * type name such as `constructor` finds nothing.
 */
export const RENDERERS: ReadonlyMap<string, NodeRenderer> = new Map<string, NodeRenderer>([
  ["text", Text],
  // Status
  ["Summary", Summary],
  ["Callout", Callout],
  ["Tag", Tag],
  ["Progress", Progress],
  ["Steps", Steps],
  ["Step", Step],
  // Data
  ["Stats", Stats],
  ["Stat", Stat],
  ["EntityList", EntityList],
  ["Entry", Entry],
  ["Table", Table],
  ["Column", Column],
  ["Chart", Chart],
  // Structure
  ["Tabs", Tabs],
  ["Tab", Tab],
  ["Sections", Sections],
  ["Section", Section],
  // Content
  ["CodeBlock", CodeBlock],
  ["Image", Image],
  ["Sources", Sources],
  ["Source", Source],
  // Host links
  ["File", File],
  ["Diff", Diff],
  ["Commit", Commit],
  ["Node", Node],
  // Inputs
  ["Checklist", Checklist],
  ["Item", Item],
  ["Switch", Switch],
  ["Slider", Slider],
  ["Segmented", Segmented],
  ["Option", Option],
  ["Button", Button],
  ["Show", Passthrough],
  ["Each", Passthrough],
  // Choices
  ["Choices", Choices],
  ["Choice", Choice],
]);
