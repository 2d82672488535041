import { type ReactNode, useId } from "react";
import {
  CHIP,
  MUTED,
  nodeText,
  numberProp,
  textProp,
  TONE_PANEL,
  TONE_TEXT,
  toneProp,
  type Tone,
} from "./props";
import { HeldList, ViewNodes, type NodeProps } from "./view-nodes";

function TagChip({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`${CHIP} font-medium ${TONE_PANEL[tone]}`}>{children}</span>;
}

export function Summary({ node }: NodeProps) {
  const badge = textProp(node, "badge");
  return (
    <div
      className={`flex flex-wrap items-baseline gap-x-2 gap-y-1 text-base font-semibold ${TONE_TEXT[toneProp(node)]}`}
    >
      <div className="min-w-0 break-words">
        <ViewNodes nodes={node.children} />
      </div>
      {badge && <TagChip tone={toneProp(node)}>{badge}</TagChip>}
    </div>
  );
}

export function Callout({ node }: NodeProps) {
  const title = textProp(node, "title");
  const tone = toneProp(node, "info");
  return (
    <div
      role="note"
      className={`rounded-md border-l-4 border px-3 py-2 text-sm ${TONE_PANEL[tone]}`}
    >
      {title && <div className="font-semibold">{title}</div>}
      <div className="break-words">
        <ViewNodes nodes={node.children} />
      </div>
    </div>
  );
}

export function Tag({ node }: NodeProps) {
  return (
    <TagChip tone={toneProp(node)}>
      <ViewNodes nodes={node.children} />
    </TagChip>
  );
}

export function Progress({ node }: NodeProps) {
  const value = numberProp(node, "value");
  const max = numberProp(node, "max") ?? 1;
  const percent =
    value === undefined || max <= 0
      ? undefined
      : Math.round(Math.min(1, Math.max(0, value / max)) * 100);
  // Its text ("Stage 1 of 3") says what progresses: drawn above the bar, and the bar's name.
  const labelId = useId();
  const label = nodeText(node) !== "";
  return (
    <div className="space-y-1">
      {label && (
        <div id={labelId} className="text-sm break-words">
          <ViewNodes nodes={node.children} />
        </div>
      )}
      <div className="flex items-center gap-2">
        <div
          role="progressbar"
          aria-label={label ? undefined : "Progress"}
          aria-labelledby={label ? labelId : undefined}
          aria-valuemin={percent === undefined ? undefined : 0}
          aria-valuemax={percent === undefined ? undefined : 100}
          aria-valuenow={percent}
          className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
        >
          {percent === undefined ? (
            <div className="h-full w-1/3 animate-pulse rounded-full bg-indigo-600 dark:bg-indigo-400" />
          ) : (
            <div
              className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400"
              style={{ width: `${percent}%` }}
            />
          )}
        </div>
        <span className={`text-xs tabular-nums ${MUTED}`}>
          {percent === undefined ? "Working…" : `${percent}%`}
        </span>
      </div>
    </div>
  );
}

export function Steps({ node }: NodeProps) {
  return <HeldList node={node} ordered className="space-y-1.5" />;
}

const STEP_STATES = {
  done: { mark: "✓", label: "Done", className: "text-emerald-700 dark:text-emerald-300" },
  running: {
    mark: "●",
    label: "Running",
    className: "animate-pulse text-indigo-700 dark:text-indigo-300",
  },
  pending: { mark: "○", label: "Pending", className: MUTED },
  failed: { mark: "✕", label: "Failed", className: "text-red-700 dark:text-red-300" },
  skipped: { mark: "–", label: "Skipped", className: MUTED },
} as const;

export function Step({ node }: NodeProps) {
  const state = textProp(node, "state");
  const look =
    state !== undefined && Object.hasOwn(STEP_STATES, state)
      ? STEP_STATES[state as keyof typeof STEP_STATES]
      : STEP_STATES.pending;
  const detail = textProp(node, "detail");
  return (
    <div className="flex gap-2 text-sm">
      <span aria-hidden="true" className={`w-4 shrink-0 text-center font-bold ${look.className}`}>
        {look.mark}
      </span>
      <div className="min-w-0 break-words">
        <span className="sr-only">{`${look.label}: `}</span>
        <span className={state === "skipped" ? `line-through ${MUTED}` : undefined}>
          <ViewNodes nodes={node.children} />
        </span>
        {detail && <div className={`text-xs ${MUTED}`}>{detail}</div>}
      </div>
    </div>
  );
}
