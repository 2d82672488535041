import * as z from "zod/mini";
import { CHOICE_LIST_KEY, ChoiceListComponent, IdentifierSchema, type Choice } from "./choice-list";
import { COMPONENT_KEY_PATTERN, COMPONENT_PROTOCOL, COMPONENT_PROTOCOL_VERSION } from "./constants";
import { fail, type Failure } from "./diagnostics";
import { defineComponentManifest } from "./manifest";
import { resolveComponentFrame } from "./resolve-frame";

/** The event every renderer emits when a person picks a choice; also what a browser posts back. */
export const ComponentSelectionEventSchema = z.strictObject({
  protocol: z.literal(COMPONENT_PROTOCOL),
  version: z.literal(COMPONENT_PROTOCOL_VERSION),
  type: z.literal("select"),
  componentKey: z.string().check(z.regex(COMPONENT_KEY_PATTERN)),
  instanceId: IdentifierSchema,
  choiceId: IdentifierSchema,
});
export type ComponentSelectionEvent = z.infer<typeof ComponentSelectionEventSchema>;

export type ChoiceSelectionResult =
  { readonly ok: true; readonly event: ComponentSelectionEvent; readonly choice: Choice } | Failure;

export type SelectionEventResult =
  { readonly ok: true; readonly event: ComponentSelectionEvent } | Failure;

const choiceListOnly = defineComponentManifest([ChoiceListComponent]);

/**
 * Builds a selection event. A `choiceId` (or instance id, or component key) that does not fit its
 * pattern is refused with `COMPONENT_INVALID_SELECTION`: an event this returns always passes
 * `ComponentSelectionEventSchema`.
 */
export function createSelectionEvent(target: {
  componentKey: unknown;
  instanceId: unknown;
  choiceId: unknown;
}): SelectionEventResult {
  const parsed = ComponentSelectionEventSchema.safeParse({
    protocol: COMPONENT_PROTOCOL,
    version: COMPONENT_PROTOCOL_VERSION,
    type: "select",
    componentKey: target?.componentKey,
    instanceId: target?.instanceId,
    choiceId: target?.choiceId,
  });
  return parsed.success ? { ok: true, event: parsed.data } : fail("COMPONENT_INVALID_SELECTION");
}

/**
 * Builds the selection event for `choiceId`. The frame is resolved again rather than trusted, so
 * a tampered frame or a choice id the validated props do not declare is refused.
 */
export function selectChoice(frame: unknown, choiceId: unknown): ChoiceSelectionResult {
  const resolved = resolveComponentFrame(frame, choiceListOnly);
  if (!resolved.ok) return { ok: false, diagnostic: resolved.diagnostic };
  const choice = resolved.props.choices.find((candidate) => candidate.id === choiceId);
  if (!choice) return fail("COMPONENT_UNKNOWN_CHOICE");
  const created = createSelectionEvent({
    componentKey: CHOICE_LIST_KEY,
    instanceId: resolved.frame.instanceId,
    choiceId: choice.id,
  });
  return created.ok ? { ok: true, event: created.event, choice } : created;
}
