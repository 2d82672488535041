import { UiFailure } from "./failure";
import type { UiBlock, UiChoiceSelection, UiLimits, UiViewNode } from "./types";
import { applySubmission, checkChanged, uiInputValues } from "./validate";
import { walkVisible } from "./visible-inputs";

function refuse(message: string): never {
  throw new UiFailure("refused_choice", message);
}

function hasError(node: UiViewNode): boolean {
  return node.children.some((child) => child.error !== undefined || hasError(child));
}

function textOf(node: UiViewNode): string {
  return node.children
    .map((child) => (child.type === "text" ? (child.text ?? "") : textOf(child)))
    .join("");
}

/**
 * Resolves a picked Choice against the stored block and the submitted values, in the order
 * of docs/language.md §9.1. Returns what to send, or throws `UiFailure`.
 */
export function resolveUiChoice(
  block: UiBlock,
  choiceId: string,
  input: unknown = {},
  queries: unknown = {},
  limits?: Partial<UiLimits>,
): UiChoiceSelection {
  const submitted = applySubmission(block, input, queries, limits, "refused_choice");
  const inputs = walkVisible(block, submitted.evaluation.nodes, submitted.changed, choiceId);
  checkChanged(inputs, submitted);
  const choice =
    inputs.choice ?? refuse("That Choice is not there, hidden, disabled or outside Choices.");
  if (hasError(choice)) refuse("The Choice's label could not be drawn.");
  const label = textOf(choice).replace(/\s+/g, " ").trim();
  if (label === "") refuse("The Choice has no readable label.");
  const context = choice.props.context;
  return {
    label,
    context: typeof context === "string" && context.trim() !== "" ? context : label,
    values: uiInputValues(block, submitted.state),
  };
}
