import type { ReactNode } from "react";
import type { UiValue, UiViewNode } from "@/lib/intelligent-ui";
import { useBlock } from "./context";
import { formatBytes, formatDuration, formatNumber, toIsoTime, withUnit } from "./format";
import { CHIP, displayValue, heldChildren, MUTED, textProp, TONE_PANEL, type Tone } from "./props";
import { ViewNodes, type NodeProps } from "./view-nodes";

type Format = "text" | "number" | "bytes" | "duration" | "date" | "file" | "tag";
const FORMATS = new Set<string>(["text", "number", "bytes", "duration", "date", "file", "tag"]);
const NUMERIC = new Set<Format>(["number", "bytes", "duration"]);
/** Without Columns yet (a table still streaming), the first keys of the rows show as text. */
const DERIVED_COLUMNS = 8;

interface Column {
  key: string;
  title: string;
  unit: string | undefined;
  as: Format;
}

function toColumn(node: UiViewNode): Column | null {
  const key = textProp(node, "key");
  if (key === undefined) return null;
  const as = textProp(node, "as");
  return {
    key,
    title: textProp(node, "title") ?? key,
    unit: textProp(node, "unit"),
    as: as !== undefined && FORMATS.has(as) ? (as as Format) : "text",
  };
}

// A tag column often holds a state: each kind gets its tone, and a mark so colour is never alone.
const TAG_LOOKS: { pattern: RegExp; tone: Tone; mark: string }[] = [
  {
    pattern: /^(pass(ed)?|success(ful)?|succeeded|ok|done|green|complete(d)?)$/,
    tone: "success",
    mark: "✓",
  },
  { pattern: /^(fail(ed|ing|ure)?|error(ed)?|broken|red|cancell?ed)$/, tone: "danger", mark: "✕" },
  { pattern: /^(running|in progress|started|building|active)$/, tone: "info", mark: "●" },
  { pattern: /^(pending|queued|waiting|skipped|flaky|blocked)$/, tone: "warning", mark: "○" },
];

function TagCell({ text }: { text: string }) {
  const look = TAG_LOOKS.find(({ pattern }) => pattern.test(text.trim().toLowerCase()));
  return (
    <span className={`${CHIP} ${TONE_PANEL[look?.tone ?? "neutral"]}`}>
      {look && <span aria-hidden="true">{look.mark}</span>}
      {text}
    </span>
  );
}

function isRecord(value: UiValue): value is Record<string, UiValue> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function Cell({
  value,
  column,
  renderTime,
}: {
  value: UiValue | undefined;
  column: Column;
  renderTime: (iso: string) => ReactNode;
}): ReactNode {
  if (value === undefined || value === null || value === "")
    return <span className={MUTED}>—</span>;
  const { as, unit } = column;
  if (typeof value === "number") {
    if (as === "bytes") return formatBytes(value);
    if (as === "duration") return formatDuration(value, unit);
    if (as === "number" || as === "text") return withUnit(formatNumber(value), unit);
  }
  if (as === "date") {
    const iso = toIsoTime(value);
    if (iso !== null) return renderTime(iso);
  }
  const text = displayValue(value);
  if (as === "file") return <code className="font-mono text-xs">{text}</code>;
  if (as === "tag") return <TagCell text={text} />;
  return as === "text" ? withUnit(text, unit) : text;
}

export function Table({ node }: NodeProps) {
  const { renderTime } = useBlock();
  const held = heldChildren(node.children);
  const columnNodes = held.filter((child) => child.type === "Column" && child.error === undefined);
  const rows = Array.isArray(node.props.rows) ? node.props.rows.filter(isRecord) : [];
  let columns = columnNodes.map(toColumn).filter((column) => column !== null);
  if (columnNodes.length === 0) {
    const keys = new Set<string>();
    for (const row of rows)
      for (const key of Object.keys(row)) if (keys.size < DERIVED_COLUMNS) keys.add(key);
    columns = [...keys].map((key) => ({ key, title: key, unit: undefined, as: "text" }));
  }
  const align = (column: Column) => (NUMERIC.has(column.as) ? "text-right" : "text-left");
  return (
    <div>
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-zinc-300 dark:border-zinc-700">
            {columns.map((column, index) => (
              <th key={index} scope="col" className={`px-2 py-1 font-semibold ${align(column)}`}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr
              key={rowIndex}
              className="border-b border-zinc-200 last:border-0 dark:border-zinc-800"
            >
              {columns.map((column, index) => (
                <td
                  key={index}
                  className={`px-2 py-1 align-top tabular-nums [overflow-wrap:anywhere] ${align(column)}`}
                >
                  <Cell
                    value={Object.hasOwn(row, column.key) ? row[column.key] : undefined}
                    column={column}
                    renderTime={renderTime}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className={`px-2 py-1 text-sm ${MUTED}`}>No rows.</p>}
      <ViewNodes nodes={held.filter((child) => !columnNodes.includes(child))} />
    </div>
  );
}

/** Columns are read by their Table; on their own they draw nothing. */
export function Column() {
  return null;
}
