import * as z from "zod/mini";
import { freezeJson, readBoundedJson, type JsonValue } from "./bounded-json";
import { ChoiceActionSchema } from "./choice-list";
import type { ConfirmableTool } from "./confirmation-types";
import { fail, type Failure } from "./diagnostics";

export type ToolRegistry = ReadonlyMap<string, ConfirmableTool>;

export type ActionCheckResult =
  { readonly ok: true; readonly tool: ConfirmableTool; readonly input: JsonValue } | Failure;

/** Indexes the app's tools by name; two tools with one name is a configuration error and throws. */
export function createToolRegistry(tools: readonly ConfirmableTool[]): ToolRegistry {
  const registry = new Map<string, ConfirmableTool>();
  for (const tool of tools) {
    if (registry.has(tool.name)) throw new Error(`Tool "${tool.name}" is registered twice.`);
    registry.set(tool.name, tool);
  }
  return registry;
}

/**
 * A choice's action may only become a proposed tool call when it names a registered tool that is
 * executable, asks for confirmation and accepts the input; the input returned is a frozen copy of
 * what the tool's validator produced.
 */
export function validateToolAction(registry: ToolRegistry, action: unknown): ActionCheckResult {
  const snapshot = readBoundedJson(action);
  const parsed = snapshot.ok ? ChoiceActionSchema.safeParse(snapshot.value) : undefined;
  if (!parsed?.success) return fail("ACTION_INVALID");
  const tool = registry.get(parsed.data.name);
  if (!tool) return fail("ACTION_UNREGISTERED");
  if (!tool.executable) return fail("ACTION_NOT_EXECUTABLE");
  if (!tool.requiresConfirmation) return fail("ACTION_CONFIRMATION_REQUIRED");
  const input = validateToolInput(tool, parsed.data.input);
  return input.ok
    ? { ok: true, tool, input: freezeJson(input.value) }
    : fail("ACTION_INVALID_INPUT");
}

function validateToolInput(tool: ConfirmableTool, input: JsonValue) {
  try {
    const parsed = z.safeParse(tool.input, input);
    // A validator may transform; what it returns must still be JSON to be stored and replayed.
    return parsed.success ? readBoundedJson(parsed.data) : { ok: false as const };
  } catch {
    return { ok: false as const };
  }
}
