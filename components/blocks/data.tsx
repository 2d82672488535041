import { formatNumber, withUnit } from "./format";
import { MUTED, numberProp, textProp, TONE_TEXT, toneProp } from "./props";
import { HeldList, ViewNodes, type NodeProps } from "./view-nodes";

export function Stats({ node }: NodeProps) {
  return (
    <HeldList node={node} className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-2" />
  );
}

/**
 * The change from `previous`, in words for a screen reader and as an arrow for the eye. A figure
 * never breaks from its unit: in a narrow card the line wraps only before "from".
 */
function Trend({
  value,
  previous,
  unit,
}: {
  value: number;
  previous: number;
  unit: string | undefined;
}) {
  const delta = value - previous;
  const up = delta > 0;
  return (
    <div className={`text-xs ${MUTED}`}>
      {delta === 0 ? (
        "No change"
      ) : (
        <span className="whitespace-nowrap">
          <span aria-hidden="true">{up ? "▲ +" : "▼ −"}</span>
          <span className="sr-only">{up ? "Up " : "Down "}</span>
          {withUnit(formatNumber(Math.abs(delta)), unit)}
        </span>
      )}{" "}
      <span className="whitespace-nowrap">{`from ${withUnit(formatNumber(previous), unit)}`}</span>
    </div>
  );
}

export function Stat({ node }: NodeProps) {
  const value = numberProp(node, "value");
  const previous = numberProp(node, "previous");
  const unit = textProp(node, "unit");
  return (
    <div className="h-full rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <div className={`text-xs ${MUTED}`}>{textProp(node, "label")}</div>
      <div className={`text-xl font-semibold tabular-nums ${TONE_TEXT[toneProp(node)]}`}>
        {value === undefined ? "—" : withUnit(formatNumber(value), unit)}
      </div>
      {value !== undefined && previous !== undefined && (
        <Trend value={value} previous={previous} unit={unit} />
      )}
    </div>
  );
}

/** A framed list of divided rows, so even a single Entry reads as a list item, not loose text. */
export function EntityList({ node }: NodeProps) {
  return (
    <HeldList
      node={node}
      className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
    />
  );
}

export function Entry({ node }: NodeProps) {
  return (
    <div className="px-3 py-2 text-sm">
      <div className="font-medium break-words">{textProp(node, "label")}</div>
      {node.children.length > 0 && (
        <div className={`break-words ${MUTED}`}>
          <ViewNodes nodes={node.children} />
        </div>
      )}
    </div>
  );
}
