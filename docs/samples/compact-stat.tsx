import { formatNumber, withUnit } from "@/components/blocks/format";
import { numberProp, textProp, TONE_TEXT, toneProp } from "@/components/blocks/props";
import type { NodeProps } from "@/components/blocks/view-nodes";

/**
 * A `Stat` drawn as one line, "Temperature 21 °C": the same props as the catalog's, read through
 * the helpers (figures in the app's language), since a node still streaming or a damaged stored one may lack any of them.
 */
export function CompactStat({ node }: NodeProps) {
  const value = numberProp(node, "value");
  return (
    <p className="flex items-baseline justify-between gap-2 text-sm" data-renderer="compact-stat">
      <span>{textProp(node, "label")}</span>
      <span className={`font-semibold tabular-nums ${TONE_TEXT[toneProp(node)]}`}>
        {value === undefined ? "—" : withUnit(formatNumber(value), textProp(node, "unit"))}
      </span>
    </p>
  );
}
