import {
  isUiFailure,
  storedUiValidatedState,
  type UiBlock,
  type UiValue,
} from "@/lib/intelligent-ui";

type Values = Record<string, UiValue>;

/**
 * The inputs a person set on a block that was replaced (a regenerated reply), kept where the new
 * block still has them: the same variable, on a control that can hold the value. A value one
 * control shows only once another is set is kept when that one is; the rest start at defaults.
 */
export function carriedInputs(block: UiBlock, values: Values): Values {
  const kept: Values = {};
  let pending = Object.entries(values);
  for (let moved = true; moved && pending.length > 0;) {
    moved = false;
    const left: typeof pending = [];
    for (const [name, value] of pending) {
      if (holds(block, { ...kept, [name]: value })) {
        kept[name] = value;
        moved = true;
      } else left.push([name, value]);
    }
    pending = left;
  }
  return kept;
}

function holds(block: UiBlock, values: Values): boolean {
  try {
    storedUiValidatedState(block, values);
    return true;
  } catch (error) {
    if (isUiFailure(error)) return false;
    throw error;
  }
}
