import { findComponent } from "./catalog/components";
import { isUiFailure, UiFailure } from "./failure";
import type { UiState } from "./state";
import type { UiAction, UiVariable, UiViewNode } from "./types";
import { copyUiValue, sameUiType } from "./values";

/**
 * Checks a Button action again when it draws: a stored block may have been damaged since it
 * compiled. A target that is not a declared local, or a value its type refuses, would make a
 * press fail silently; the Button becomes an error node instead.
 */
export function actionProblem(
  action: UiAction,
  variables: Readonly<Record<string, UiVariable>>,
): UiFailure | undefined {
  if (
    action === null ||
    typeof action !== "object" ||
    (action.type !== "set" && action.type !== "reset")
  ) {
    return new UiFailure(
      "refused_action",
      "An action is @Set($local, constant), @Reset($local) or @Reset().",
    );
  }
  if (action.type === "reset" && action.name === undefined) return undefined;
  const variable =
    typeof action.name === "string" && Object.hasOwn(variables, action.name)
      ? variables[action.name]
      : undefined;
  if (variable === undefined)
    return new UiFailure(
      "refused_binding",
      `$${String(action.name)} is not a declared local variable.`,
    );
  if (action.type === "set" && !sameUiType(variable.default, action.value)) {
    return new UiFailure("invalid_value", `$${action.name} keeps the type of its default.`);
  }
  return undefined;
}

/** Callbacks act only on an interactive node, and a control only with a value its schema accepts. */
export function attachCallbacks(view: UiViewNode, state: UiState): void {
  const binding = view.binding;
  const action = view.action;
  if (binding !== undefined) {
    view.change = (value) => {
      if (!view.interactive) return false;
      try {
        const copy = copyUiValue(value);
        if (
          findComponent(view.type)?.schema.safeParse({ ...view.props, value: copy }).success !==
          true
        )
          return false;
        state.assign(binding, copy);
        return true;
      } catch (caught) {
        if (isUiFailure(caught)) return false;
        throw caught;
      }
    };
  }
  if (action !== undefined) {
    view.press = () => {
      if (!view.interactive) return false;
      try {
        state.run(action);
        return true;
      } catch (caught) {
        if (isUiFailure(caught)) return false;
        throw caught;
      }
    };
  }
}
