import {
  Component,
  createElement,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from "react";
import type { UiViewNode } from "@/lib/intelligent-ui";
import { InLabel, useInLabel } from "./context";
import { describeUiDiagnostic } from "./diagnostics";
import { flowItems } from "./flow";
import { heldChildren, MUTED, nodeText } from "./props";
import { RENDERERS } from "./registry";

export interface NodeProps {
  node: UiViewNode;
}

export type NodeRenderer = ComponentType<NodeProps>;

/** In a control's label, anything but these draws as its plain-text fallback. */
const PHRASING = new Set(["text", "Tag", "File", "Diff", "Commit", "Node", "Show", "Each"]);

/** Children drawn as a control's label. */
export function LabelNodes({ nodes }: { nodes: readonly UiViewNode[] }) {
  return (
    <InLabel.Provider value={true}>
      <ViewNodes nodes={nodes} />
    </InLabel.Provider>
  );
}

/** A control's accessible name: its children, else what it stands for, so no control goes unnamed. */
export function ControlLabel({ node, fallback }: { node: UiViewNode; fallback: string }) {
  return nodeText(node) === "" ? (
    <>{fallback || "Unnamed"}</>
  ) : (
    <LabelNodes nodes={node.children} />
  );
}

export function ViewNodes({ nodes }: { nodes: readonly UiViewNode[] }) {
  const inLabel = useInLabel();
  // A label's children are the words of one name, never rows.
  if (inLabel) return nodes.map((node) => <ViewNode key={node.id} node={node} />);
  return flowItems(nodes).map((item) =>
    "row" in item ? (
      // A span, so a row sits validly in the phrasing parents (a Step, a host link) too.
      <span key={`${item.row[0]?.id}:row`} className="flex flex-wrap items-center gap-2">
        {item.row.map((node) => (
          <ViewNode key={node.id} node={node} />
        ))}
      </span>
    ) : (
      <ViewNode key={item.node.id} node={item.node} />
    ),
  );
}

export function ViewNode({ node }: NodeProps) {
  const inLabel = useInLabel();
  if (node.error !== undefined) return <ErrorNode node={node} code={node.error} />;
  if (inLabel && !PHRASING.has(node.type)) return <>{node.fallback.trim()}</>;
  const rendered = fromRegistry(node);
  if (rendered === undefined) return <ErrorNode node={node} code="unknown_component" />;
  if (node.type === "text") return rendered;
  return <NodeBoundary node={node}>{rendered}</NodeBoundary>;
}

/** The registry's module-level component for this node's type, drawn; undefined for a type it lacks. */
function fromRegistry(node: UiViewNode): ReactElement | undefined {
  const Render = RENDERERS.get(node.type);
  return Render === undefined ? undefined : createElement(Render, { node });
}

/** A list container (Steps, Sources...): each held child, error nodes too, sits in its own `<li>`. */
export function HeldList({
  node,
  ordered = false,
  className,
}: {
  node: UiViewNode;
  ordered?: boolean;
  className: string;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <List className={className}>
      {heldChildren(node.children).map((child) => (
        <li key={child.id} className="min-w-0">
          <ViewNode node={child} />
        </li>
      ))}
    </List>
  );
}

/** Codes the block's diagnostic list explains once for every node, so no node repeats it. */
const EXPLAINED_ONCE = new Set(["unknown_catalog"]);

/**
 * A node that cannot draw shows its plain-text fallback, muted, with a short reason. Spans only,
 * so it sits validly anywhere, even inside a button's label.
 */
function ErrorNode({ node, code }: { node: UiViewNode; code: string }) {
  const reason = describeUiDiagnostic(code);
  // A fallback of punctuation alone (":" for a Stat with neither label nor value) shows nothing.
  const text = /[\p{L}\p{N}]/u.test(node.fallback) ? node.fallback.trim() : "";
  if (node.type === "text") {
    // Inline, a visible reason would break the sentence; the mark and the title stand for it.
    return (
      <span className={`italic ${MUTED}`} title={reason} data-error={code}>
        {text || "…"}
        <span className="sr-only">{` (${reason})`}</span>
      </span>
    );
  }
  return (
    <span
      className={`my-1 block rounded-md border border-dashed border-zinc-300 px-2 py-1 text-sm dark:border-zinc-700 ${MUTED}`}
      data-error={code}
    >
      {text !== "" && <span className="block whitespace-pre-wrap break-words">{text}</span>}
      {!EXPLAINED_ONCE.has(code) && <span className="block text-xs">{reason}</span>}
    </span>
  );
}

interface BoundaryState {
  node: UiViewNode | null;
  failed: boolean;
}

/** A renderer that throws on a damaged node draws that node's fallback; its neighbours still draw. */
class NodeBoundary extends Component<{ node: UiViewNode; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { node: null, failed: false };

  // A new evaluation of the node gets another try.
  static getDerivedStateFromProps(
    props: { node: UiViewNode },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.node === state.node ? null : { node: props.node, failed: false };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  render() {
    return this.state.failed ? (
      <ErrorNode node={this.props.node} code="invalid_props" />
    ) : (
      this.props.children
    );
  }
}
