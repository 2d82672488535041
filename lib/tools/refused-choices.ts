import "server-only";
import {
  ChoiceListPropsSchema,
  createToolRegistry,
  validateToolAction,
} from "@/lib/component-frames";
import { appTools } from "@/lib/tools";
import { fieldsAtFault } from "./forms";

const registry = createToolRegistry(appTools);

export type RefusedChoices = Record<string, { code: string; fields: string[] }>;

/** A courtesy so the page draws them unavailable, never the guard: each pick is checked in full. */
export function refusedChoices(componentKey: string, props: unknown): RefusedChoices | undefined {
  if (componentKey !== "choice-list") return undefined;
  const parsed = ChoiceListPropsSchema.safeParse(props);
  if (!parsed.success) return undefined;
  const refused: RefusedChoices = {};
  for (const choice of parsed.data.choices) {
    if (!choice.action) continue;
    const checked = validateToolAction(registry, choice.action);
    if (checked.ok) continue;
    refused[choice.id] = {
      code: checked.diagnostic.code,
      fields:
        checked.diagnostic.code === "ACTION_INVALID_INPUT" ? invalidFields(choice.action) : [],
    };
  }
  return Object.keys(refused).length > 0 ? refused : undefined;
}

function invalidFields(action: { name: string; input?: unknown }): string[] {
  const tool = registry.get(action.name);
  return tool ? fieldsAtFault(tool, action.input ?? {}) : [];
}
