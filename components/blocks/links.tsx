import type { ReactNode } from "react";
import { CHIP, textProp, TONE_PANEL } from "./props";
import { ViewNodes, type NodeProps } from "./view-nodes";

// This host has no file browser or commit view: host links draw as plain chips that say what
// they point at, and navigate nowhere.
function HostChip({ kind, value, title, node }: { kind: string; value: ReactNode; title?: string; node: NodeProps["node"] }) {
  return (
    <span className="inline">
      <span className={`${CHIP} ${TONE_PANEL.neutral} font-mono`} title={title}>
        <span className="sr-only">{`${kind}: `}</span>
        <span aria-hidden="true" className="font-sans">{ICONS[kind]}</span>
        <span className="min-w-0 truncate">{value}</span>
      </span>
      {node.children.length > 0 && (
        <>
          {" "}
          <ViewNodes nodes={node.children} />
        </>
      )}
    </span>
  );
}

const ICONS: Record<string, string> = { File: "📄", Diff: "±", Commit: "⎇", Node: "◆" };

export function File({ node }: NodeProps) {
  const path = textProp(node, "path") ?? "";
  const line = textProp(node, "line");
  return <HostChip kind="File" node={node} value={line ? `${path}:${line}` : path} />;
}

export function Diff({ node }: NodeProps) {
  return <HostChip kind="Diff" node={node} value={textProp(node, "path") ?? ""} />;
}

export function Commit({ node }: NodeProps) {
  const sha = textProp(node, "sha") ?? "";
  return <HostChip kind="Commit" node={node} value={sha.slice(0, 7)} title={sha} />;
}

export function Node({ node }: NodeProps) {
  return <HostChip kind="Node" node={node} value={textProp(node, "id") ?? ""} />;
}
