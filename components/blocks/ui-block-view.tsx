"use client";

import { useMemo, type ReactNode } from "react";
import type { UiBlock, UiValue } from "@/lib/intelligent-ui";
import { ErrorNote } from "@/components/ui/error-note";
import { useHydrated } from "@/components/ui/use-hydrated";
import { BlockStatus } from "./block-status";
import { blockTitle, findNode } from "./block-title";
import { BlockContext, type BlockSettings } from "./context";
import { DiagnosticList } from "./diagnostics";
import { MUTED } from "./props";
import { type UiChoose, useBlockPick } from "./use-block-pick";
import { useUiBlock } from "./use-ui-block";
import { ViewNodes } from "./view-nodes";

export { describeUiDiagnostic } from "./diagnostics";
export type { UiChooseResult } from "./use-block-pick";

export type UiBlockAnswer = {
  choiceId: string;
  label: string;
  values: Record<string, UiValue>;
  at: string;
  queued: boolean;
};

export type UiBlockViewProps = {
  /** The compiled block: a preview while the reply streams, or the final stored one. */
  block: UiBlock;
  answer: UiBlockAnswer | null;
  /** Non-null: Choices are closed and this sentence says why. Inputs still work unless answered. */
  closedReason: string | null;
  onChoose?: UiChoose;
  /** The chat's time component, so times draw the same on the server and the client. */
  renderTime: (iso: string) => ReactNode;
  /** A live block's query values as the server issued them (`$name` keys), loaded into its state. */
  queries?: Record<string, UiValue>;
  /** Told the block's input values whenever they change, so a live block can read for them. */
  onInputs?: (values: Record<string, UiValue>) => void;
  /** How fresh a live block's data is, drawn under its components. */
  liveStatus?: ReactNode;
  /** Input values to start an open block from (`$name` keys), already proven to fit it. */
  initialValues?: Record<string, UiValue>;
  /** The reply still streams: the block is a preview, and its controls are inert until it is final. */
  streaming?: boolean;
  /** The block's name when it has no title of its own, numbered by the host to stay unique. */
  untitledName?: string;
  /** Inputs inert too, as on a shared copy: nothing on the block moves. */
  locked?: boolean;
};

/** Why Choices are closed before any pick: the host's reason, a block no one can answer here, or a preview. */
export function choicesClosedReason(
  closedReason: string | null,
  canChoose: boolean,
  complete: boolean,
): string | null {
  return (
    closedReason ??
    (!canChoose
      ? "This block cannot be answered here."
      : complete
        ? null
        : "Choices open when the block is finished.")
  );
}

/** An intelligent-ui block in the chat: its components, its answer or why it is closed, and its problems. */
export function UiBlockView({
  block,
  answer,
  closedReason,
  onChoose,
  renderTime,
  queries,
  onInputs,
  liveStatus,
  initialValues,
  streaming = false,
  untitledName = "Interactive block",
  locked = false,
}: UiBlockViewProps) {
  const { state, evaluation } = useUiBlock(
    block,
    answer?.values ?? null,
    queries,
    onInputs,
    initialValues,
  );
  const hydrated = useHydrated();
  const answered = answer !== null;
  const choicesClosed = choicesClosedReason(closedReason, onChoose !== undefined, block.complete);
  const { pending, refused, choose } = useBlockPick({
    block,
    state,
    answered,
    closed: choicesClosed !== null,
    onChoose,
  });
  const settings: BlockSettings = {
    // Until hydrated, the server-drawn controls have no handlers: they stay disabled. A preview
    // is replaced by the final block, so what a person set in it would be lost: inert until then.
    locked: locked || answered || pending !== null || !hydrated || streaming || !block.complete,
    chosenId: answer?.choiceId ?? null,
    choicesClosed,
    pendingId: pending?.choiceId ?? null,
    choose: (node) => void choose(node),
    renderTime,
  };
  // Named by its title, so two blocks on a page are two landmarks a screen reader tells apart.
  const title = useMemo(() => blockTitle(evaluation.nodes), [evaluation]);
  const hasChoices = useMemo(
    () => findNode(evaluation.nodes, (node) => node.type === "Choice") !== undefined,
    [evaluation],
  );
  // A stored block read back may be damaged; evaluation copes, and so does this.
  const diagnostics = useMemo(
    () => [
      ...(Array.isArray(block.diagnostics) ? block.diagnostics : []),
      ...evaluation.diagnostics,
    ],
    [block, evaluation],
  );
  const failedWhole =
    evaluation.nodes.length === 0 &&
    diagnostics.length > 0 &&
    typeof block.fallback === "string" &&
    block.fallback.trim() !== "";

  return (
    <section
      aria-label={title === "" ? untitledName : `${title}, interactive block`}
      data-block-id={block.id}
      className="min-w-0 space-y-3 rounded-lg border border-zinc-300 bg-white p-3 text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
    >
      <BlockContext.Provider value={settings}>
        <div className="space-y-3 break-words">
          <ViewNodes nodes={evaluation.nodes} />
        </div>
      </BlockContext.Provider>
      {failedWhole && <p className={`text-sm whitespace-pre-wrap ${MUTED}`}>{block.fallback}</p>}
      {liveStatus}
      <BlockStatus
        answer={answer}
        pending={pending}
        closed={hasChoices ? choicesClosed : null}
        renderTime={renderTime}
      />
      {refused !== null && <ErrorNote>{refused}</ErrorNote>}
      <DiagnosticList diagnostics={diagnostics} />
    </section>
  );
}
