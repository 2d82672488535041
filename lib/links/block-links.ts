import {
  evaluateStoredUiBlock,
  UI_HOST_LIMITS,
  type UiBlock,
  type UiState,
  type UiValue,
  type UiViewNode,
} from "@/lib/intelligent-ui";
import {
  isLinkType,
  resolveLink,
  type BlockLinks,
  type LinkRepository,
  type LinkView,
} from "./resolve";

export const OVER_LINK_LIMIT = `A block resolves at most ${UI_HOST_LIMITS.links} links; this one is past them.`;

/** The drawn link nodes of an evaluated tree, in reading order; error and incomplete nodes draw as their fallback. */
function linkNodes(nodes: readonly UiViewNode[], found: UiViewNode[] = []): UiViewNode[] {
  for (const node of nodes) {
    if (node.error !== undefined || !node.complete) continue;
    if (isLinkType(node.type)) found.push(node);
    linkNodes(node.children, found);
  }
  return found;
}

/**
 * Every link the block draws in this state, resolved: the first `UI_HOST_LIMITS.links` of them in
 * reading order, the rest unresolved with a reason, so a huge block costs a bounded amount.
 */
export function resolveBlockLinks(
  block: UiBlock,
  state: UiState,
  repository: LinkRepository,
): BlockLinks {
  const links: BlockLinks = {};
  linkNodes(evaluateStoredUiBlock(block, state).nodes).forEach((node, index) => {
    const props = node.props as Record<string, UiValue>;
    const view: LinkView =
      index < UI_HOST_LIMITS.links && isLinkType(node.type)
        ? resolveLink(node.type, props, repository)
        : { href: null, reason: OVER_LINK_LIMIT };
    links[node.id] = { ...view, type: node.type, props };
  });
  return links;
}
