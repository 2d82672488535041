import { useContext, useId } from "react";
import { sameUiValue, type UiValue } from "@/lib/intelligent-ui";
import { GroupContext, useBlock, useControlDisabled } from "./context";
import { formatNumber, withUnit } from "./format";
import { displayValue, heldChildren, MUTED, nodeText, numberProp, textProp } from "./props";
import { ControlLabel, LabelNodes, ViewNodes, type NodeProps } from "./view-nodes";

/** Segmented and Checklist share their value with Options and Items, wherever Show/Each put them. */
function GroupControl({
  node,
  legend,
  className,
}: NodeProps & { legend: string; className: string }) {
  const name = useId();
  const disabled = useControlDisabled(node);
  const group = {
    name,
    value: node.props.value,
    disabled,
    change: (value: UiValue) => void node.change?.(value),
  };
  return (
    <fieldset className="min-w-0">
      {/* The language gives these controls no title; the legend names what the group does. */}
      <legend className="sr-only">{legend}</legend>
      <div className={className}>
        <GroupContext.Provider value={group}>
          <ViewNodes nodes={heldChildren(node.children)} />
        </GroupContext.Provider>
      </div>
    </fieldset>
  );
}

export function Segmented({ node }: NodeProps) {
  return (
    <GroupControl
      node={node}
      legend="Pick one"
      className="inline-flex max-w-full flex-wrap gap-0.5 rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700"
    />
  );
}

/** An Option or Item: its group, its value, and whether it is closed now. */
function useMember({ node }: NodeProps) {
  const group = useContext(GroupContext);
  return {
    group,
    value: node.props.value as UiValue,
    disabled: group === null || group.disabled || !node.complete,
  };
}

export function Option({ node }: NodeProps) {
  const { group, value, disabled } = useMember({ node });
  const checked = group !== null && sameUiValue(group.value as UiValue, value);
  return (
    <label className="cursor-pointer rounded-md px-3 py-1 text-sm font-medium text-zinc-800 has-checked:bg-indigo-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-500 has-disabled:cursor-not-allowed hover:bg-zinc-100 has-checked:hover:bg-indigo-600 dark:text-zinc-200 dark:hover:bg-zinc-800 dark:has-checked:bg-indigo-600 dark:has-checked:text-white">
      <input
        type="radio"
        className="sr-only"
        name={group?.name}
        value={displayValue(value)}
        checked={checked}
        disabled={disabled}
        onChange={() => group?.change(value)}
      />
      <ControlLabel node={node} fallback={displayValue(value)} />
    </label>
  );
}

export function Checklist({ node }: NodeProps) {
  return <GroupControl node={node} legend="Check all that apply" className="space-y-1" />;
}

export function Item({ node }: NodeProps) {
  const { group, value, disabled } = useMember({ node });
  const list = Array.isArray(group?.value) ? group.value : [];
  const checked = list.some((entry) => sameUiValue(entry, value));
  const toggle = () =>
    group?.change(checked ? list.filter((entry) => !sameUiValue(entry, value)) : [...list, value]);
  return (
    <label className="flex cursor-pointer items-start gap-2 text-sm has-disabled:cursor-not-allowed">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-indigo-600"
        checked={checked}
        disabled={disabled}
        onChange={toggle}
      />
      <span className="min-w-0 break-words">
        <ControlLabel node={node} fallback={displayValue(value)} />
      </span>
    </label>
  );
}

/** Block-level, so a Switch is a row of its own and never shares a line with chips or buttons. */
export function Switch({ node }: NodeProps) {
  const on = node.props.value === true;
  const disabled = useControlDisabled(node);
  const named = nodeText(node) !== "";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={named ? undefined : "On or off"}
      disabled={disabled}
      onClick={() => node.change?.(!on)}
      className="group flex w-fit max-w-full items-center gap-2 rounded-md text-left text-sm disabled:cursor-not-allowed"
    >
      <span
        aria-hidden="true"
        className="relative inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-zinc-400 transition-colors group-aria-checked:bg-indigo-600 group-disabled:opacity-70 dark:bg-zinc-600 dark:group-aria-checked:bg-indigo-500"
      >
        <span className="ml-0.5 size-4 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-4" />
      </span>
      {named && (
        <span className="min-w-0 break-words">
          <LabelNodes nodes={node.children} />
        </span>
      )}
      <span className={`text-xs ${MUTED}`} aria-hidden="true">
        {on ? "On" : "Off"}
      </span>
    </button>
  );
}

export function Slider({ node }: NodeProps) {
  const id = useId();
  const disabled = useControlDisabled(node);
  const min = numberProp(node, "min") ?? 0;
  const max = numberProp(node, "max") ?? 100;
  const value = numberProp(node, "value") ?? min;
  const shown = withUnit(formatNumber(value), textProp(node, "unit"));
  const named = nodeText(node) !== "";
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      {named && (
        <label htmlFor={id} className="min-w-0 break-words">
          <LabelNodes nodes={node.children} />
        </label>
      )}
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={numberProp(node, "step") ?? "any"}
        value={value}
        aria-label={named ? undefined : "Value"}
        aria-valuetext={shown}
        disabled={disabled}
        onChange={(event) => node.change?.(Number(event.currentTarget.value))}
        className="w-full max-w-xs accent-indigo-600 disabled:cursor-not-allowed sm:w-56"
      />
      <output htmlFor={id} className="tabular-nums font-medium">
        {shown}
      </output>
    </div>
  );
}

export function Button({ node }: NodeProps) {
  const { locked } = useBlock();
  return (
    <button
      type="button"
      disabled={locked || !node.interactive || node.press === undefined}
      onClick={() => node.press?.()}
      className="rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium text-zinc-900 hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
    >
      <ControlLabel node={node} fallback="Button" />
    </button>
  );
}

/** Show and Each were expanded by evaluation: what they hold draws in their place. */
export function Passthrough({ node }: NodeProps) {
  return <ViewNodes nodes={node.children} />;
}
