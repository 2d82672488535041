import type { UiValue, UiViewNode } from "@/lib/intelligent-ui";

// Props of a node still being written are not checked yet, and a stored block may be damaged:
// renderers read them through these helpers instead of trusting the catalog's types.

export function textProp(node: UiViewNode, name: string): string | undefined {
  const value = node.props[name];
  if (typeof value === "string") return value;
  return typeof value === "number" ? String(value) : undefined;
}

export function numberProp(node: UiViewNode, name: string): number | undefined {
  const value = node.props[name];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** How a cell, an option value or a chart label reads as text. */
export function displayValue(value: UiValue | undefined): string {
  if (value === undefined || value === null) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** The text of a node's text descendants, as a person reads it: the label of a control or Tab. */
export function nodeText(node: UiViewNode): string {
  return collectText(node.children).replace(/\s+/g, " ").trim();
}

function collectText(nodes: readonly UiViewNode[]): string {
  let text = "";
  for (const node of nodes)
    text +=
      node.type === "text"
        ? node.error
          ? node.fallback
          : (node.text ?? "")
        : collectText(node.children);
  return text;
}

/** CodeBlock content is literal: its text children joined as written. */
export function literalText(node: UiViewNode): string {
  return node.children
    .map((child) => (child.type === "text" ? (child.text ?? "") : child.fallback))
    .join("");
}

/**
 * The children a container holds, seen through `Show` and `Each` (already expanded by
 * evaluation): lists, Tabs, Table and Choices arrange their own children. Spaces between tags
 * are dropped.
 */
export function heldChildren(nodes: readonly UiViewNode[]): UiViewNode[] {
  const held: UiViewNode[] = [];
  for (const node of nodes) {
    if ((node.type === "Show" || node.type === "Each") && !node.error)
      held.push(...heldChildren(node.children));
    else if (node.type !== "text" || node.error || (node.text ?? "").trim() !== "") held.push(node);
  }
  return held;
}

export type Tone = "neutral" | "info" | "success" | "warning" | "danger";

export function toneProp(node: UiViewNode, fallback: Tone = "neutral"): Tone {
  const value = node.props.tone;
  return typeof value === "string" && value in TONE_PANEL ? (value as Tone) : fallback;
}

/** A tinted panel: text keeps at least 4.5:1 against its background in both schemes. */
export const TONE_PANEL: Record<Tone, string> = {
  neutral:
    "border-zinc-300 bg-zinc-50 text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100",
  info: "border-indigo-300 bg-indigo-50 text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950/50 dark:text-indigo-100",
  success:
    "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100",
  warning:
    "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100",
  danger:
    "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100",
};

/** Coloured text on the page background. */
export const TONE_TEXT: Record<Tone, string> = {
  neutral: "text-zinc-900 dark:text-zinc-100",
  info: "text-indigo-700 dark:text-indigo-300",
  success: "text-emerald-700 dark:text-emerald-300",
  warning: "text-amber-700 dark:text-amber-300",
  danger: "text-red-700 dark:text-red-300",
};

export const MUTED = "text-zinc-600 dark:text-zinc-400";
export const CHIP =
  "inline-flex max-w-full items-center gap-1 rounded border px-1.5 py-0.5 align-baseline text-xs";
