import { describe, expect, it } from "vitest";
import type { UiViewNode } from "@/lib/intelligent-ui";
import { flowItems, type FlowItem } from "./flow";

let next = 0;
function node(
  type: string,
  children: UiViewNode[] = [],
  extra: Partial<UiViewNode> = {},
): UiViewNode {
  const id = `n${next++}`;
  return {
    id,
    sourceId: id,
    type,
    props: {},
    children,
    complete: true,
    fallback: "",
    interactive: false,
    ...extra,
  };
}
const text = (value: string) => node("text", [], { text: value });

/** Types, with each row as a list of its types. */
const shape = (items: FlowItem[]) =>
  items.map((item) => ("row" in item ? item.row.map((entry) => entry.type) : item.node.type));

describe("flowItems", () => {
  it("groups each run of chips and buttons into one row between block components", () => {
    const items = flowItems([
      node("Summary"),
      node("File"),
      text("\n"),
      node("Diff"),
      node("Checklist"),
      node("Switch"),
      node("Button"),
      node("Button"),
    ]);
    expect(shape(items)).toEqual([
      "Summary",
      ["File", "Diff"],
      "Checklist",
      "Switch",
      ["Button", "Button"],
    ]);
  });

  it("draws what Show and Each hold in their place, so their chips join the row", () => {
    const items = flowItems([
      node("Button"),
      node("Show", [node("Tag")]),
      node("Each", [node("Tag"), node("Tag")]),
      node("Show"),
      node("EntityList"),
    ]);
    expect(shape(items)).toEqual([["Button", "Tag", "Tag", "Tag"], "EntityList"]);
  });

  it("keeps a Show that failed in place, where its reason draws; a failed chip still joins a row", () => {
    const items = flowItems([
      node("Tag"),
      node("Show", [node("Tag")], { error: "invalid_props" }),
      node("Tag", [], { error: "invalid_props" }),
    ]);
    expect(shape(items)).toEqual([["Tag"], "Show", ["Tag"]]);
  });

  it("leaves a sentence with chips in it as written", () => {
    const nodes = [text("See "), node("File"), text(" and "), node("Tag")];
    expect(flowItems(nodes)).toEqual(nodes.map((entry) => ({ node: entry })));
    // A text run that failed draws its reason in the line, so it counts as words too.
    const broken = { ...text(" "), error: "invalid_props" as const };
    expect(shape(flowItems([node("Tag"), broken, node("Tag")]))).toEqual(["Tag", "text", "Tag"]);
  });
});
