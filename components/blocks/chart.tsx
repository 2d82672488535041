import type { UiValue } from "@/lib/intelligent-ui";
import { formatNumber, withUnit } from "./format";
import { displayValue, MUTED, textProp } from "./props";
import type { NodeProps } from "./view-nodes";

const FILLS = [
  "fill-indigo-600 dark:fill-indigo-400",
  "fill-emerald-600 dark:fill-emerald-400",
  "fill-amber-500 dark:fill-amber-300",
  "fill-rose-600 dark:fill-rose-400",
  "fill-sky-600 dark:fill-sky-400",
];
const STROKES = [
  "stroke-indigo-600 dark:stroke-indigo-400",
  "stroke-emerald-600 dark:stroke-emerald-400",
  "stroke-amber-500 dark:stroke-amber-300",
  "stroke-rose-600 dark:stroke-rose-400",
  "stroke-sky-600 dark:stroke-sky-400",
];
// A drawing scales with its width and keeps its aspect: capping the width caps a chart at 200px
// tall on a wide screen, where at full width it would tower over the block. In a narrow figure
// (a phone) the drawing shrinks, so its labels are set larger to stay readable.
const SVG = "block h-auto w-full max-w-[500px]";
const LABEL = "fill-zinc-600 text-[11px] @max-[400px]:text-[14px] dark:fill-zinc-400";
const [W, H, TOP, BOTTOM] = [400, 160, 8, 24];

type Row = Record<string, UiValue>;

/** The first key holding text names the categories; every key holding numbers is a series. */
function readData(data: UiValue | undefined) {
  const rows = Array.isArray(data)
    ? data.filter(
        (row): row is Row => typeof row === "object" && row !== null && !Array.isArray(row),
      )
    : [];
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const labelKey = keys.find((key) => rows.some((row) => typeof row[key] === "string"));
  const series = keys.filter(
    (key) => key !== labelKey && rows.some((row) => typeof row[key] === "number"),
  );
  const labels = rows.map((row, index) =>
    labelKey === undefined ? String(index + 1) : displayValue(row[labelKey]),
  );
  const values = rows.map((row) =>
    series.map((key) => (typeof row[key] === "number" ? (row[key] as number) : 0)),
  );
  return { labelKey, series, labels, values };
}

const KIND_NAMES: Record<string, string> = {
  bar: "Bar chart",
  hbar: "Horizontal bar chart",
  stacked: "Stacked bar chart",
  line: "Line chart",
};
const short = (text: string) => (text.length > 10 ? `${text.slice(0, 9)}…` : text);
const color = (list: string[], index: number) => list[index % list.length];
/** A label's width in drawing units at its larger size, a little generous: room is kept for it. */
const textWidth = (text: string) => text.length * 9;
const widest = (texts: string[]) => Math.max(0, ...texts.map(textWidth));
/** Room on the left for labels, at most a third of the drawing. */
const gutter = (texts: string[]) => Math.min(W / 3, 8 + widest(texts));
/** Every how many categories a label is drawn, so labels never overlap along `room`. */
const labelStep = (labels: string[], room: number) =>
  Math.ceil(labels.length / Math.max(1, Math.floor(room / (widest(labels.map(short)) + 8))));

export function Chart({ node }: NodeProps) {
  const kind = textProp(node, "kind") ?? "bar";
  const unit = textProp(node, "unit");
  const { labelKey, series, labels, values } = readData(node.props.data);
  const format = (value: number) => withUnit(formatNumber(value), unit);
  const description = `${KIND_NAMES[kind] ?? "Bar chart"} of ${series.join(", ") || "no values"}${labelKey ? ` by ${labelKey}` : ""}`;
  const Drawing = kind === "hbar" ? HorizontalBars : kind === "line" ? Lines : VerticalBars;
  return (
    <figure className="@container space-y-1">
      <figcaption className="sr-only">{description}</figcaption>
      {series.length > 0 && (
        <Drawing labels={labels} values={values} stacked={kind === "stacked"} format={format} />
      )}
      {series.length > 1 && (
        <ul aria-hidden="true" className={`flex flex-wrap gap-3 text-xs ${MUTED}`}>
          {series.map((name, index) => (
            <li key={name} className="flex items-center gap-1">
              <svg width="10" height="10" className={color(FILLS, index)}>
                <rect width="10" height="10" rx="2" />
              </svg>
              {name}
            </li>
          ))}
        </ul>
      )}
      <table className="sr-only">
        <caption>Values in the chart</caption>
        <thead>
          <tr>
            <th scope="col">{labelKey ?? "#"}</th>
            {series.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, row) => (
            <tr key={row}>
              <th scope="row">{label}</th>
              {values[row]?.map((value, index) => (
                <td key={index}>{format(value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

interface DrawingProps {
  labels: string[];
  values: number[][];
  stacked: boolean;
  format: (value: number) => string;
}

/** The value range a drawing spans, always including zero. */
function extent(values: number[][], stacked: boolean): [number, number] {
  const sums = stacked
    ? values.flatMap((row) => [
        row.reduce((a, v) => a + Math.max(v, 0), 0),
        row.reduce((a, v) => a + Math.min(v, 0), 0),
      ])
    : values.flat();
  const low = Math.min(0, ...sums);
  const high = Math.max(0, ...sums);
  return [low, high === low ? low + 1 : high];
}

function VerticalBars({ labels, values, stacked, format }: DrawingProps) {
  const [low, high] = extent(values, stacked);
  const left = gutter([format(high), format(0)]);
  const y = (value: number) => TOP + ((high - value) / (high - low)) * (H - TOP - BOTTOM);
  const group = (W - left) / Math.max(labels.length, 1);
  const every = labelStep(labels, W - left);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className={SVG} aria-hidden="true">
      <text x={left - 4} y={TOP + 8} textAnchor="end" className={LABEL}>
        {format(high)}
      </text>
      <text x={left - 4} y={y(0) + 3} textAnchor="end" className={LABEL}>
        {format(0)}
      </text>
      <line x1={left} x2={W} y1={y(0)} y2={y(0)} className="stroke-zinc-400 dark:stroke-zinc-600" />
      {values.map((row, index) => {
        const x = left + index * group + group * 0.1;
        const width = (group * 0.8) / (stacked ? 1 : row.length);
        let [up, down] = [0, 0];
        return (
          <g key={index}>
            {row.map((value, series) => {
              const from = stacked ? (value >= 0 ? up : down) : 0;
              const to = from + value;
              if (stacked) [up, down] = value >= 0 ? [to, down] : [up, to];
              return (
                <rect
                  key={series}
                  x={stacked ? x : x + series * width}
                  width={Math.max(width - 1, 1)}
                  y={y(Math.max(from, to))}
                  height={Math.abs(y(from) - y(to))}
                  className={color(FILLS, series)}
                />
              );
            })}
            {index % every === 0 && (
              <text x={x + group * 0.4} y={H - 8} textAnchor="middle" className={LABEL}>
                {short(labels[index] ?? "")}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

function HorizontalBars({ labels, values, format }: DrawingProps) {
  const [low, high] = extent(values, false);
  const band = 16 * Math.max(values[0]?.length ?? 1, 1) + 8;
  const height = band * labels.length;
  // Room for the category labels on the left and the values after the bars, the bars between.
  const left = gutter(labels.map(short));
  const right = 8 + widest(values.flat().map(format));
  const x = (value: number) => left + ((value - low) / (high - low)) * (W - left - right);
  return (
    <svg viewBox={`0 0 ${W} ${height}`} className={SVG} aria-hidden="true">
      {values.map((row, index) => (
        <g key={index}>
          <text x={left - 6} y={index * band + band / 2 + 4} textAnchor="end" className={LABEL}>
            {short(labels[index] ?? "")}
          </text>
          {row.map((value, series) => {
            const top = index * band + 4 + series * 16;
            return (
              <g key={series}>
                <rect
                  x={Math.min(x(0), x(value))}
                  y={top}
                  width={Math.max(Math.abs(x(value) - x(0)), 1)}
                  height={14}
                  className={color(FILLS, series)}
                />
                <text x={Math.max(x(0), x(value)) + 4} y={top + 11} className={LABEL}>
                  {format(value)}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}

function Lines({ labels, values, format }: DrawingProps) {
  const [low, high] = extent(values, false);
  const left = gutter([format(high), format(low)]);
  const y = (value: number) => TOP + ((high - value) / (high - low)) * (H - TOP - BOTTOM);
  // Inset from both ends so the first and last labels are not cut off.
  const step = labels.length > 1 ? (W - left - 40) / (labels.length - 1) : 0;
  const x = (index: number) => (labels.length > 1 ? left + 16 + index * step : (W + left) / 2);
  const every = labelStep(labels, W - left - 24);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className={SVG} aria-hidden="true">
      <text x={left - 4} y={TOP + 8} textAnchor="end" className={LABEL}>
        {format(high)}
      </text>
      <text x={left - 4} y={y(low) + 3} textAnchor="end" className={LABEL}>
        {format(low)}
      </text>
      <line
        x1={left}
        x2={W}
        y1={y(low)}
        y2={y(low)}
        className="stroke-zinc-400 dark:stroke-zinc-600"
      />
      {(values[0] ?? []).map((_, series) => (
        <polyline
          key={series}
          fill="none"
          strokeWidth={2}
          className={color(STROKES, series)}
          points={values.map((row, index) => `${x(index)},${y(row[series] ?? 0)}`).join(" ")}
        />
      ))}
      {labels.map(
        (label, index) =>
          index % every === 0 && (
            <text key={index} x={x(index)} y={H - 8} textAnchor="middle" className={LABEL}>
              {short(label)}
            </text>
          ),
      )}
    </svg>
  );
}
