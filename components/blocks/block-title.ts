import type { UiViewNode } from "@/lib/intelligent-ui";
import { plainText } from "@/lib/chat/wire/plain-text";
import { nodeText } from "./props";

const TITLED = new Set(["Callout", "Section", "Tab"]);

/** The first node, depth first, that passes `test`; a node that failed to evaluate hides its children. */
export function findNode(
  nodes: readonly UiViewNode[],
  test: (node: UiViewNode) => boolean,
): UiViewNode | undefined {
  for (const node of nodes) {
    if (test(node)) return node;
    const found = node.error === undefined ? findNode(node.children, test) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Where a person reads what a block is about: its Summary, else the first titled panel. */
export function blockTitle(nodes: readonly UiViewNode[]): string {
  const summary = findNode(nodes, (node) => node.type === "Summary" && nodeText(node) !== "");
  if (summary) return plainText(nodeText(summary));
  const titled = findNode(
    nodes,
    (node) =>
      TITLED.has(node.type) &&
      typeof node.props.title === "string" &&
      node.props.title.trim() !== "",
  );
  return titled ? plainText(String(titled.props.title)) : "";
}
