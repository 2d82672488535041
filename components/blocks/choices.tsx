import type { UiViewNode } from "@/lib/intelligent-ui";
import { useBlock } from "./context";
import { heldChildren } from "./props";
import { ControlLabel, ViewNode, type NodeProps } from "./view-nodes";

const isPrimary = (node: UiViewNode) =>
  node.type === "Choice" && node.error === undefined && node.props.primary === true;

/** The answers a person can pick: the primary ones stand first, as the language asks. */
export function Choices({ node }: NodeProps) {
  const held = heldChildren(node.children);
  const ordered = [...held.filter(isPrimary), ...held.filter((child) => !isPrimary(child))];
  return (
    <div
      role="group"
      aria-label="Choices"
      className="flex flex-wrap gap-2 border-t border-zinc-200 pt-3 dark:border-zinc-800"
    >
      {ordered.map((child) => (
        <ViewNode key={child.id} node={child} />
      ))}
    </div>
  );
}

const LOOK = {
  primary:
    "border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700 dark:border-indigo-500 dark:bg-indigo-600 dark:hover:bg-indigo-500",
  plain:
    "border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800",
};

export function Choice({ node }: NodeProps) {
  const { locked, chosenId, choicesClosed, pendingId, choose } = useBlock();
  const chosen = chosenId === node.id;
  const disabled =
    locked || choicesClosed !== null || !node.complete || node.props.disabled === true;
  return (
    <button
      type="button"
      disabled={disabled}
      aria-pressed={chosenId === null ? undefined : chosen}
      onClick={() => choose(node)}
      className={`rounded-md border px-3 py-1.5 text-left text-sm font-medium disabled:cursor-not-allowed aria-pressed:ring-2 aria-pressed:ring-indigo-500 aria-pressed:ring-offset-2 dark:aria-pressed:ring-offset-zinc-950 ${chosen || pendingId === node.id ? "" : "disabled:opacity-60"} ${node.props.primary === true ? LOOK.primary : LOOK.plain}`}
    >
      <ControlLabel node={node} fallback="Choice" />
      {chosen && <span className="ml-2 text-xs font-normal">Chosen</span>}
      {pendingId === node.id && <span className="ml-2 text-xs font-normal">Sending…</span>}
    </button>
  );
}
