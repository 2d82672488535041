import { createContext, useContext, type ReactNode } from "react";
import type { UiValue, UiViewNode } from "@/lib/intelligent-ui";

/** What every renderer of one block needs to know beyond its own node. */
export interface BlockSettings {
  /** The block was answered, or an answer is being sent: every input and Choice is closed. */
  locked: boolean;
  /** The Choice the answer picked (a view id). */
  chosenId: string | null;
  /** Why Choices are closed now, or null when one may be picked. */
  choicesClosed: string | null;
  /** The Choice being sent. */
  pendingId: string | null;
  choose: (node: UiViewNode) => void;
  renderTime: (iso: string) => ReactNode;
}

const DEFAULT_SETTINGS: BlockSettings = {
  locked: false,
  chosenId: null,
  choicesClosed: "Choices cannot be picked here.",
  pendingId: null,
  choose: () => undefined,
  renderTime: (iso) => iso,
};

export const BlockContext = createContext<BlockSettings>(DEFAULT_SETTINGS);

export function useBlock(): BlockSettings {
  return useContext(BlockContext);
}

/** A bound control is live only while complete, interactive and not answered. */
export function useControlDisabled(node: UiViewNode): boolean {
  const { locked } = useBlock();
  return locked || !node.complete || !node.interactive || node.change === undefined;
}

/**
 * Inside a control's label (a button, a `<label>`), children draw as phrasing only: a link or a
 * control there would nest interactive content, which browsers re-parse and screen readers
 * cannot operate.
 */
export const InLabel = createContext(false);

export function useInLabel(): boolean {
  return useContext(InLabel);
}

/**
 * A group control (Segmented, Checklist) tells its Options or Items, which may sit inside
 * `Show`/`Each`, what it holds and how to change it.
 */
export interface GroupControl {
  name: string;
  value: UiValue | undefined;
  disabled: boolean;
  change: (value: UiValue) => void;
}

export const GroupContext = createContext<GroupControl | null>(null);
