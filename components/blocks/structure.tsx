import { useId, useRef, useState, type KeyboardEvent } from "react";
import { heldChildren, textProp } from "./props";
import { ViewNode, ViewNodes, type NodeProps } from "./view-nodes";

const ARROWS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** WAI-ARIA tabs: one tab stop, arrow keys move and select, every panel stays mounted. */
export function Tabs({ node }: NodeProps) {
  const base = useId();
  const held = heldChildren(node.children);
  const tabs = held.filter((child) => child.type === "Tab" && child.error === undefined);
  // The selection is kept by tab id, so a streaming block that adds tabs keeps the one shown.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const current = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selectedId),
  );

  function onKeyDown(event: KeyboardEvent) {
    const move = ARROWS[event.key];
    if (move === undefined || tabs.length === 0) return;
    event.preventDefault();
    const next = tabs[move(current, tabs.length)];
    if (next === undefined) return;
    setSelectedId(next.id);
    buttons.current.get(next.id)?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-orientation="horizontal"
        className="flex flex-wrap gap-1 border-b border-zinc-300 dark:border-zinc-700"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${index}`}
            aria-selected={index === current}
            aria-controls={`${base}-panel-${index}`}
            tabIndex={index === current ? 0 : -1}
            onClick={() => setSelectedId(tab.id)}
            className="-mb-px rounded-t-md border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-zinc-700 hover:text-zinc-950 aria-selected:border-indigo-600 aria-selected:text-indigo-700 dark:text-zinc-300 dark:hover:text-white dark:aria-selected:border-indigo-400 dark:aria-selected:text-indigo-300"
          >
            {textProp(tab, "title") || `Tab ${index + 1}`}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${index}`}
          aria-labelledby={`${base}-tab-${index}`}
          hidden={index !== current}
          tabIndex={0}
          className="space-y-2 pt-2"
        >
          <ViewNodes nodes={tab.children} />
        </div>
      ))}
      <ViewNodes nodes={held.filter((child) => !tabs.includes(child))} />
    </div>
  );
}

/** A Tab outside Tabs cannot happen in a valid block; drawn alone it is its title and content. */
export function Tab({ node }: NodeProps) {
  return (
    <div className="space-y-1">
      <div className="font-medium">{textProp(node, "title")}</div>
      <ViewNodes nodes={node.children} />
    </div>
  );
}

export function Sections({ node }: NodeProps) {
  return (
    <div className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {heldChildren(node.children).map((child) => (
        <ViewNode key={child.id} node={child} />
      ))}
    </div>
  );
}

export function Section({ node }: NodeProps) {
  return (
    <details className="group">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium select-none hover:bg-zinc-50 dark:hover:bg-zinc-900">
        {textProp(node, "title") || "Section"}
      </summary>
      <div className="space-y-2 px-3 pb-3">
        <ViewNodes nodes={node.children} />
      </div>
    </details>
  );
}
