import type { UiValue } from "@/lib/intelligent-ui";
import { formatNumber, withUnit } from "./format";
import { displayValue, MUTED, textProp } from "./props";
import type { NodeProps } from "./view-nodes";

const FILLS = ["fill-indigo-600 dark:fill-indigo-400", "fill-emerald-600 dark:fill-emerald-400", "fill-amber-500 dark:fill-amber-300", "fill-rose-600 dark:fill-rose-400", "fill-sky-600 dark:fill-sky-400"];
const STROKES = ["stroke-indigo-600 dark:stroke-indigo-400", "stroke-emerald-600 dark:stroke-emerald-400", "stroke-amber-500 dark:stroke-amber-300", "stroke-rose-600 dark:stroke-rose-400", "stroke-sky-600 dark:stroke-sky-400"];
const LABEL = "fill-zinc-600 text-[10px] dark:fill-zinc-400";
const [W, H, LEFT, TOP, BOTTOM] = [400, 200, 44, 8, 24];

type Row = Record<string, UiValue>;

/** The first key holding text names the categories; every key holding numbers is a series. */
function readData(data: UiValue | undefined) {
  const rows = Array.isArray(data) ? data.filter((row): row is Row => typeof row === "object" && row !== null && !Array.isArray(row)) : [];
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const labelKey = keys.find((key) => rows.some((row) => typeof row[key] === "string"));
  const series = keys.filter((key) => key !== labelKey && rows.some((row) => typeof row[key] === "number"));
  const labels = rows.map((row, index) => (labelKey === undefined ? String(index + 1) : displayValue(row[labelKey])));
  const values = rows.map((row) => series.map((key) => (typeof row[key] === "number" ? (row[key] as number) : 0)));
  return { labelKey, series, labels, values };
}

const KIND_NAMES: Record<string, string> = { bar: "Bar chart", hbar: "Horizontal bar chart", stacked: "Stacked bar chart", line: "Line chart" };
const short = (text: string) => (text.length > 10 ? `${text.slice(0, 9)}…` : text);
const color = (list: string[], index: number) => list[index % list.length];

export function Chart({ node }: NodeProps) {
  const kind = textProp(node, "kind") ?? "bar";
  const unit = textProp(node, "unit");
  const { labelKey, series, labels, values } = readData(node.props.data);
  const format = (value: number) => withUnit(formatNumber(value), unit);
  const description = `${KIND_NAMES[kind] ?? "Bar chart"} of ${series.join(", ") || "no values"}${labelKey ? ` by ${labelKey}` : ""}`;
  const Drawing = kind === "hbar" ? HorizontalBars : kind === "line" ? Lines : VerticalBars;
  return (
    <figure className="space-y-1">
      <figcaption className="sr-only">{description}</figcaption>
      {series.length > 0 && <Drawing labels={labels} values={values} stacked={kind === "stacked"} format={format} />}
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
              <th key={name} scope="col">{name}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, row) => (
            <tr key={row}>
              <th scope="row">{label}</th>
              {values[row]?.map((value, index) => <td key={index}>{format(value)}</td>)}
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
    ? values.flatMap((row) => [row.reduce((a, v) => a + Math.max(v, 0), 0), row.reduce((a, v) => a + Math.min(v, 0), 0)])
    : values.flat();
  const low = Math.min(0, ...sums);
  const high = Math.max(0, ...sums);
  return [low, high === low ? low + 1 : high];
}

function VerticalBars({ labels, values, stacked, format }: DrawingProps) {
  const [low, high] = extent(values, stacked);
  const y = (value: number) => TOP + ((high - value) / (high - low)) * (H - TOP - BOTTOM);
  const group = (W - LEFT) / Math.max(labels.length, 1);
  const every = Math.ceil(labels.length / 12);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="w-full" aria-hidden="true">
      <text x={LEFT - 4} y={TOP + 8} textAnchor="end" className={LABEL}>{format(high)}</text>
      <text x={LEFT - 4} y={y(0) + 3} textAnchor="end" className={LABEL}>{format(0)}</text>
      <line x1={LEFT} x2={W} y1={y(0)} y2={y(0)} className="stroke-zinc-400 dark:stroke-zinc-600" />
      {values.map((row, index) => {
        const x = LEFT + index * group + group * 0.1;
        const width = (group * 0.8) / (stacked ? 1 : row.length);
        let [up, down] = [0, 0];
        return (
          <g key={index}>
            {row.map((value, series) => {
              const from = stacked ? (value >= 0 ? up : down) : 0;
              const to = from + value;
              if (stacked) [up, down] = value >= 0 ? [to, down] : [up, to];
              return <rect key={series} x={stacked ? x : x + series * width} width={Math.max(width - 1, 1)} y={y(Math.max(from, to))} height={Math.abs(y(from) - y(to))} className={color(FILLS, series)} />;
            })}
            {index % every === 0 && <text x={x + group * 0.4} y={H - 8} textAnchor="middle" className={LABEL}>{short(labels[index] ?? "")}</text>}
          </g>
        );
      })}
    </svg>
  );
}

function HorizontalBars({ labels, values, format }: DrawingProps) {
  const [low, high] = extent(values, false);
  const band = 14 * Math.max(values[0]?.length ?? 1, 1) + 8;
  const height = band * labels.length;
  const x = (value: number) => 90 + ((value - low) / (high - low)) * (W - 90 - 70);
  return (
    <svg viewBox={`0 0 ${W} ${height}`} className="w-full" aria-hidden="true">
      {values.map((row, index) => (
        <g key={index}>
          <text x={84} y={index * band + band / 2 + 3} textAnchor="end" className={LABEL}>{short(labels[index] ?? "")}</text>
          {row.map((value, series) => {
            const top = index * band + 4 + series * 14;
            return (
              <g key={series}>
                <rect x={Math.min(x(0), x(value))} y={top} width={Math.max(Math.abs(x(value) - x(0)), 1)} height={12} className={color(FILLS, series)} />
                <text x={Math.max(x(0), x(value)) + 4} y={top + 9} className={LABEL}>{format(value)}</text>
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
  const y = (value: number) => TOP + ((high - value) / (high - low)) * (H - TOP - BOTTOM);
  // Inset from both ends so the first and last labels are not cut off.
  const step = labels.length > 1 ? (W - LEFT - 40) / (labels.length - 1) : 0;
  const x = (index: number) => (labels.length > 1 ? LEFT + 16 + index * step : (W + LEFT) / 2);
  const every = Math.ceil(labels.length / 8);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="w-full" aria-hidden="true">
      <text x={LEFT - 4} y={TOP + 8} textAnchor="end" className={LABEL}>{format(high)}</text>
      <text x={LEFT - 4} y={y(low) + 3} textAnchor="end" className={LABEL}>{format(low)}</text>
      <line x1={LEFT} x2={W} y1={y(low)} y2={y(low)} className="stroke-zinc-400 dark:stroke-zinc-600" />
      {(values[0] ?? []).map((_, series) => (
        <polyline key={series} fill="none" strokeWidth={2} className={color(STROKES, series)} points={values.map((row, index) => `${x(index)},${y(row[series] ?? 0)}`).join(" ")} />
      ))}
      {labels.map((label, index) => index % every === 0 && <text key={index} x={x(index)} y={H - 8} textAnchor="middle" className={LABEL}>{short(label)}</text>)}
    </svg>
  );
}
