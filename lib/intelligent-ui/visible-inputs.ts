import { findComponent } from "./catalog/components";
import { isPassThrough } from "./compile-rules";
import { UiFailure } from "./failure";
import type { UiBlock, UiNode, UiValue, UiViewNode } from "./types";
import { sameUiValue } from "./values";

/** Every variable a complete, non-error control binds or a Button action targets, hidden or not. */
export function inputNames(block: UiBlock): Set<string> {
  const names = new Set<string>();
  const visit = (node: UiNode): void => {
    if (node.complete && node.error === undefined) {
      if (node.binding !== undefined) names.add(node.binding);
      if (node.action?.name !== undefined) names.add(node.action.name);
    }
    node.children.forEach(visit);
  };
  block.nodes.forEach(visit);
  return names;
}

/** What the visible, complete, non-error part of an evaluated tree lets a person set. */
export interface VisibleInputs {
  controls: Map<string, UiViewNode[]>;
  /** Values a visible enabled Button sets, by variable. */
  buttonValues: Map<string, UiValue[]>;
  /** The Choice a walk was asked to find, when it is visible, enabled and inside Choices. */
  choice?: UiViewNode;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/**
 * Walks the view tree, skipping error and incomplete subtrees. An error control bound to a
 * variable the submission changed means the value cannot be drawn: `invalid_value`.
 */
export function walkVisible(
  block: UiBlock,
  nodes: readonly UiViewNode[],
  changed: ReadonlySet<string>,
  choiceId?: string,
): VisibleInputs {
  const inputs: VisibleInputs = { controls: new Map(), buttonValues: new Map() };
  const visit = (node: UiViewNode, parentType: string | undefined): void => {
    if (node.error !== undefined || !node.complete) {
      if (node.error !== undefined && node.binding !== undefined && changed.has(node.binding)) {
        throw new UiFailure(
          "invalid_value",
          `$${node.binding} holds a value its control cannot show.`,
        );
      }
      return;
    }
    if (node.binding !== undefined) push(inputs.controls, node.binding, node);
    if (node.type === "Button" && node.action !== undefined && node.props.disabled !== true) {
      const action = node.action;
      const targets =
        action.type === "set" || action.name !== undefined
          ? [action.name as string]
          : Object.keys(block.variables);
      for (const name of targets) {
        const value = action.type === "set" ? action.value : block.variables[name]?.default;
        if (value !== undefined) push(inputs.buttonValues, name, value);
      }
    }
    if (
      node.id === choiceId &&
      node.type === "Choice" &&
      parentType === "Choices" &&
      node.props.disabled !== true
    ) {
      inputs.choice = node;
    }
    const childParent = isPassThrough(node.type) ? parentType : node.type;
    for (const child of node.children) visit(child, childParent);
  };
  for (const node of nodes) visit(node, undefined);
  return inputs;
}

/** Values of the non-error `type` children of a control, looking through Show and Each. */
function offeredValues(control: UiViewNode, type: string): UiValue[] {
  const values: UiValue[] = [];
  const visit = (node: UiViewNode): void => {
    if (node.error !== undefined) return;
    if (node.type === type) values.push(node.props.value as UiValue);
    else if (isPassThrough(node.type)) node.children.forEach(visit);
  };
  control.children.forEach(visit);
  return values;
}

/** A Checklist can check each of its Items once, and nothing else. */
function checklistOffers(control: UiViewNode, value: UiValue): boolean {
  if (!Array.isArray(value)) return false;
  const items = offeredValues(control, "Item");
  return value.every(
    (entry, index) =>
      items.some((item) => sameUiValue(item, entry)) &&
      value.findIndex((other) => sameUiValue(other, entry)) === index,
  );
}

/** A Slider with a step stops only at min + k·step (docs/language.md §8.2, tolerance 1e-9 × step). */
function onStep(control: UiViewNode, value: UiValue): boolean {
  const { min, step } = control.props;
  if (typeof step !== "number" || typeof min !== "number" || typeof value !== "number") return true;
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) * step <= 1e-9 * step;
}

function offers(control: UiViewNode, value: UiValue): boolean {
  if (control.type === "Segmented")
    return offeredValues(control, "Option").some((option) => sameUiValue(option, value));
  if (control.type === "Checklist") return checklistOffers(control, value);
  if (control.type === "Slider" && !onStep(control, value)) return false;
  return (
    findComponent(control.type)?.schema.safeParse({ ...control.props, value }).success === true
  );
}

/** A person could have set `value`: every visible control bound to it offers it, or a visible Button sets it. */
export function isVisibleInput(inputs: VisibleInputs, name: string, value: UiValue): boolean {
  const controls = inputs.controls.get(name) ?? [];
  if (controls.length > 0 && controls.every((control) => offers(control, value))) return true;
  return inputs.buttonValues.get(name)?.some((set) => sameUiValue(set, value)) ?? false;
}
