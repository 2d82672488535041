import type { UiViewNode } from "@/lib/intelligent-ui";
import { Chart } from "./chart";
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
