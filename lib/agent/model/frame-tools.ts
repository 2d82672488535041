import { z } from "zod";
import {
  CHOICE_LIST_KEY,
  CHOICE_LIST_LIMITS,
  ChoiceListPropsSchema,
  ChoiceSchema,
  COMPONENT_PROTOCOL,
  COMPONENT_PROTOCOL_VERSION,
  FRAME_LIMITS,
  decodeComponentFrame,
  readBoundedJson,
  type ComponentDefinition,
  type ComponentManifest,
  type ComponentRenderFrame,
  type ConfirmableTool,
} from "@/lib/component-frames";

/** A component of the app's manifest, offered to a model as a tool it calls to show one. */
export type FrameTool = {
  /** The tool's name: the component key with `_` for `-` (`choice_list`). */
  name: string;
  definition: ComponentDefinition;
  description: string;
  /** JSON Schema of the props, from the component's own zod schema. */
  inputSchema: Record<string, unknown>;
};

const DESCRIPTIONS: Record<string, string> = {
  [CHOICE_LIST_KEY]:
    "Show the person a ChoiceList: a prompt and 1 to 20 buttons; one pick answers it, and the picked label " +
    "comes back to you as their next message. A choice may carry an `action` proposing one of the registered " +
    "tools with its input: the host asks the person to confirm it and runs it only if they approve; you never " +
    "run a tool yourself. Choice ids are unique within the list. Call it after your prose: it ends your reply.",
};

/**
 * The manifest's components as tools. A ChoiceList's `action` is narrowed to the tools a person
 * can confirm (executable, asking for confirmation), each with its own input schema, so a model
 * learns exactly what this host accepts. The host still checks every frame and action itself.
 */
export function frameTools(
  manifest: ComponentManifest,
  tools: readonly ConfirmableTool[],
): FrameTool[] {
  return [...manifest.definitions.values()].map((definition) => ({
    name: definition.key.replaceAll("-", "_"),
    definition,
    description: DESCRIPTIONS[definition.key] ?? `Show the person a ${definition.key} component.`,
    inputSchema: toJsonSchema(
      definition.key === CHOICE_LIST_KEY ? choiceListSchema(tools) : definition.props,
    ),
  }));
}

export function proposableTools(tools: readonly ConfirmableTool[]): ConfirmableTool[] {
  return tools.filter((tool) => tool.executable && tool.requiresConfirmation);
}

function choiceListSchema(tools: readonly ConfirmableTool[]): z.ZodType {
  const actions = proposableTools(tools).map((tool) =>
    z.strictObject({ name: z.literal(tool.name), input: tool.input }),
  );
  const { action: _, ...choiceShape } = ChoiceSchema.shape;
  const choice =
    actions.length > 0
      ? z.strictObject({ ...choiceShape, action: z.union(actions).optional() })
      : z.strictObject(choiceShape);
  return z.strictObject({
    ...ChoiceListPropsSchema.shape,
    choices: z.array(choice).min(CHOICE_LIST_LIMITS.choicesMin).max(CHOICE_LIST_LIMITS.choicesMax),
  });
}

export function toJsonSchema(schema: z.core.$ZodType): Record<string, unknown> {
  // Draft 7 is what providers' tool schemas speak; a check JSON Schema cannot say is left to the host.
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    target: "draft-7",
    io: "input",
    unrepresentable: "any",
  });
  return json;
}

/**
 * The frame for one tool call, exactly as the model asked: the adapter does not judge the props,
 * the host resolves them against the manifest like any frame. Only what cannot travel in an
 * envelope at all (props that are not bounded JSON) is replaced with `null`, which the host refuses.
 */
export function frameFromToolCall(
  tool: FrameTool,
  input: unknown,
  instanceId: string,
): ComponentRenderFrame {
  const props = readBoundedJson(input);
  const frame: ComponentRenderFrame = {
    protocol: COMPONENT_PROTOCOL,
    version: COMPONENT_PROTOCOL_VERSION,
    type: "render",
    componentKey: tool.definition.key,
    instanceId,
    props: props.ok ? props.value : null,
    fallback: { kind: tool.definition.key, summary: summary(tool.definition, input) },
  };
  return decodeComponentFrame(frame).ok ? frame : { ...frame, props: null };
}

function summary(definition: ComponentDefinition, input: unknown): string {
  const parsed = z.safeParse(definition.props, input);
  const text =
    (parsed.success && definition.describe?.(parsed.data).trim()) ||
    `A ${definition.key} the model proposed.`;
  return text.length <= FRAME_LIMITS.fallbackSummaryMax
    ? text
    : `${text.slice(0, FRAME_LIMITS.fallbackSummaryMax - 1).toWellFormed()}…`;
}
