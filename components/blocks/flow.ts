import type { UiViewNode } from "@/lib/intelligent-ui";

/** Chips and buttons: drawn inline, so side by side they share one wrapping row. */
const INLINE = new Set(["Tag", "File", "Diff", "Commit", "Node", "Button"]);

/** One step of a sibling list: a node on its own, or a run of inline nodes drawn as one row. */
export type FlowItem = { node: UiViewNode } | { row: UiViewNode[] };

const isBlank = (node: UiViewNode) =>
  node.type === "text" && node.error === undefined && (node.text ?? "").trim() === "";

/** Show and Each were expanded by evaluation: what they hold stands in their place. */
function expand(nodes: readonly UiViewNode[]): UiViewNode[] {
  return nodes.flatMap((node) =>
    (node.type === "Show" || node.type === "Each") && node.error === undefined
      ? expand(node.children)
      : [node],
  );
}

/**
 * How siblings flow. Between block components, inline ones would otherwise sit glued on one line
 * box (or share it with a Switch): each run of them becomes one row with a gap. Siblings holding
 * words are a sentence, and its chips stay in the line of text.
 */
export function flowItems(nodes: readonly UiViewNode[]): FlowItem[] {
  const flat = expand(nodes);
  if (flat.some((node) => node.type === "text" && !isBlank(node)))
    return flat.map((node) => ({ node }));
  const items: FlowItem[] = [];
  for (const node of flat) {
    if (isBlank(node)) continue;
    const last = items.at(-1);
    if (!INLINE.has(node.type)) items.push({ node });
    else if (last !== undefined && "row" in last) last.row.push(node);
    else items.push({ row: [node] });
  }
  return items;
}
