import { z } from "zod";

// What an item draws as, in order. The server resolves a reply into parts before it stores or
// streams them; the page draws only these shapes.

export const textPartSchema = z.object({ kind: z.literal("text"), text: z.string() });

// Frames are resolved on the server before they are stored; the page draws only these shapes.
export const componentPartSchema = z.object({
  kind: z.literal("component"),
  instanceId: z.string(),
  componentKey: z.string(),
  props: z.json(),
  fallback: z.object({ kind: z.string(), summary: z.string() }),
  // Choices whose typed action the host would refuse, by choice id, with the rule that refuses
  // it (and the input fields at fault): drawn unavailable, with the reason, before anyone picks.
  refusedChoices: z.record(z.string(), z.object({ code: z.string(), fields: z.array(z.string()) })).optional(),
});
// A valid frame of a component this app does not have: its own summary stands in for it.
export const fallbackPartSchema = z.object({
  kind: z.literal("fallback"),
  text: z.string(),
  componentKey: z.string().optional(),
  summary: z.string().optional(),
});
export const diagnosticPartSchema = z.object({
  kind: z.literal("diagnostic"),
  code: z.string(),
  message: z.string(),
});
// Where an intelligent-ui block stands in the reply; the block itself is in the item's `blocks`.
export const blockPartSchema = z.object({ kind: z.literal("block"), blockId: z.string() });
// A frame whose record is still arriving while the reply streams: drawn as a skeleton in its place.
export const placeholderPartSchema = z.object({ kind: z.literal("placeholder") });

export const partSchema = z.discriminatedUnion("kind", [
  textPartSchema,
  componentPartSchema,
  fallbackPartSchema,
  diagnosticPartSchema,
  blockPartSchema,
  placeholderPartSchema,
]);
export type Part = z.infer<typeof partSchema>;
export type ComponentPart = z.infer<typeof componentPartSchema>;
export type BlockPart = z.infer<typeof blockPartSchema>;

export const originSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("frame"),
    itemId: z.string(),
    instanceId: z.string(),
    choiceId: z.string(),
    label: z.string(),
    // True when a deterministic route's grant authorised this exact submission.
    granted: z.boolean(),
  }),
  z.object({
    kind: z.literal("uiChoice"),
    itemId: z.string(),
    blockId: z.string(),
    revision: z.number().int(),
    choiceId: z.string(),
    label: z.string(),
    // The pick whole, as its answer records it: the inputs, when the block was written, whether
    // a newer reply had come since, and when it was picked.
    values: z.record(z.string(), z.json()),
    sourceAt: z.string(),
    older: z.boolean(),
    at: z.string(),
  }),
  // The host tells the agent how a proposed action ended: sent, failed, rejected or expired.
  z.object({
    kind: z.literal("confirmation"),
    itemId: z.string(),
    instanceId: z.string(),
    token: z.string(),
    label: z.string(),
    outcome: z.enum(["executed", "failed", "rejected", "expired"]),
  }),
]);
export type Origin = z.infer<typeof originSchema>;

/**
 * A stored origin as this version understands it. One written by another version of the app
 * reads as no origin rather than stopping the chat that holds it.
 */
export function readOrigin(stored: unknown): Origin | null {
  const parsed = originSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export const MAX_MESSAGE_LENGTH = 8_000;
