"use client";

import { useMemo, useRef, useState, type ReactNode } from "react";
import { uiInputValues, type UiBlock, type UiValue, type UiViewNode } from "@/lib/intelligent-ui";
import { ErrorNote } from "@/components/ui/error-note";
import { useHydrated } from "@/components/ui/use-hydrated";
import { BlockContext, type BlockSettings } from "./context";
import { DiagnosticList } from "./diagnostics";
import { MUTED, nodeText } from "./props";
import { useUiBlock } from "./use-ui-block";
import { ViewNodes } from "./view-nodes";

export { describeUiDiagnostic } from "./diagnostics";

export type UiBlockAnswer = { choiceId: string; label: string; values: Record<string, UiValue>; at: string; queued: boolean };
export type UiChooseResult = { ok: true } | { ok: false; message: string };

export type UiBlockViewProps = {
  /** The compiled block: a preview while the reply streams, or the final stored one. */
  block: UiBlock;
  answer: UiBlockAnswer | null;
  /** Non-null: Choices are closed and this sentence says why. Inputs still work unless answered. */
  closedReason: string | null;
  onChoose?: (choice: { choiceId: string; values: Record<string, UiValue> }) => Promise<UiChooseResult>;
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
};

interface Sending {
  blockId: string;
  choiceId: string;
  label: string;
  sent: boolean;
}

const SEND_FAILED = "The choice could not be sent. Check your connection and pick again.";

function findNode(nodes: readonly UiViewNode[], test: (node: UiViewNode) => boolean): UiViewNode | undefined {
  for (const node of nodes) {
    if (test(node)) return node;
    const found = node.error === undefined ? findNode(node.children, test) : undefined;
    if (found) return found;
  }
  return undefined;
}

const TITLED = new Set(["Callout", "Section", "Tab"]);

/** Inline Markdown as it reads: its marks dropped, a link's text kept. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*`~]+|(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Where a person reads what a block is about: its Summary, else the first titled panel. */
function blockTitle(nodes: readonly UiViewNode[]): string {
  const summary = findNode(nodes, (node) => node.type === "Summary" && nodeText(node) !== "");
  if (summary) return plainText(nodeText(summary));
  const titled = findNode(nodes, (node) => TITLED.has(node.type) && typeof node.props.title === "string" && node.props.title.trim() !== "");
  return titled ? plainText(String(titled.props.title)) : "";
}

/** An intelligent-ui block in the chat: its components, its answer or why it is closed, and its problems. */
export function UiBlockView({ block, answer, closedReason, onChoose, renderTime, queries, onInputs, liveStatus, initialValues, streaming = false, untitledName = "Interactive block" }: UiBlockViewProps) {
  const { state, evaluation } = useUiBlock(block, answer?.values ?? null, queries, onInputs, initialValues);
  const [sending, setSending] = useState<Sending | null>(null);
  const hydrated = useHydrated();
  const [refusal, setRefusal] = useState<{ blockId: string; message: string } | null>(null);
  // Two clicks within one frame both see the same render; the ref lets only the first through.
  const inFlight = useRef(false);
  // Once the answer is here it says what was sent; a pick still marked sending would contradict it.
  const pending = answer === null && sending?.blockId === block.id ? sending : null;
  const refused = refusal?.blockId === block.id ? refusal.message : null;
  const answered = answer !== null;
  const choicesClosed =
    closedReason ?? (onChoose === undefined ? "This block cannot be answered here." : block.complete ? null : "Choices open when the block is finished.");

  async function choose(node: UiViewNode) {
    if (onChoose === undefined || answered || pending !== null || choicesClosed !== null || inFlight.current) return;
    inFlight.current = true;
    setSending({ blockId: block.id, choiceId: node.id, label: nodeText(node) || "your choice", sent: false });
    setRefusal(null);
    try {
      // The view id: inside an Each it names the one repetition the person clicked.
      const result = await onChoose({ choiceId: node.id, values: uiInputValues(block, state) });
      if (result.ok) {
        // Stays closed until the chat delivers the recorded answer.
        setSending((now) => (now?.choiceId === node.id ? { ...now, sent: true } : now));
      } else {
        setSending(null);
        setRefusal({ blockId: block.id, message: result.message });
      }
    } catch {
      setSending(null);
      setRefusal({ blockId: block.id, message: SEND_FAILED });
    } finally {
      inFlight.current = false;
    }
  }

  const settings: BlockSettings = {
    // Until hydrated, the server-drawn controls have no handlers: they stay disabled. A preview
    // is replaced by the final block, so what a person set in it would be lost: inert until then.
    locked: answered || pending !== null || !hydrated || streaming || !block.complete,
    chosenId: answer?.choiceId ?? null,
    choicesClosed,
    pendingId: pending?.choiceId ?? null,
    choose: (node) => void choose(node),
    renderTime,
  };
  // Named by its title, so two blocks on a page are two landmarks a screen reader tells apart.
  const title = useMemo(() => blockTitle(evaluation.nodes), [evaluation]);
  const hasChoices = useMemo(() => findNode(evaluation.nodes, (node) => node.type === "Choice") !== undefined, [evaluation]);
  // A stored block read back may be damaged; evaluation copes, and so does this.
  const diagnostics = useMemo(() => [...(Array.isArray(block.diagnostics) ? block.diagnostics : []), ...evaluation.diagnostics], [block, evaluation]);
  const status: ReactNode =
    answer !== null ? (
      <>
        {`Answered: ${answer.label} · `}
        {renderTime(answer.at)}
        {answer.queued && " · queued behind the running reply"}
      </>
    ) : pending !== null ? (
      pending.sent ? `Sent “${pending.label}”.` : `Sending “${pending.label}”…`
    ) : hasChoices ? choicesClosed : null;
  const failedWhole = evaluation.nodes.length === 0 && diagnostics.length > 0 && typeof block.fallback === "string" && block.fallback.trim() !== "";

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
      {/* Always present, so screen readers announce what appears in it; empty, it takes no room. */}
      <p role="status" className={status === null ? "sr-only" : `text-sm ${MUTED}`}>
        {status}
      </p>
      {refused !== null && <ErrorNote>{refused}</ErrorNote>}
      <DiagnosticList diagnostics={diagnostics} />
    </section>
  );
}
