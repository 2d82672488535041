import * as z from "zod";
import { jsonValueSchema } from "@/lib/component-frames";

// Classic zod, not zod/mini: the MCP App part's schema below is shared text, written with methods.
// The page imports only this module's types (decision 029), so its first load carries neither.
const jsonRecordSchema = z.record(z.string(), jsonValueSchema);

// What an item draws as, in order: the server resolves frames before storing or streaming them.

export const textPartSchema = z.object({ kind: z.literal("text"), text: z.string() });

export const componentPartSchema = z.object({
  kind: z.literal("component"),
  instanceId: z.string(),
  componentKey: z.string(),
  props: jsonValueSchema,
  fallback: z.object({ kind: z.string(), summary: z.string() }),
  // Choices whose typed action the host would refuse, drawn unavailable before anyone picks.
  refusedChoices: z.optional(
    z.record(z.string(), z.object({ code: z.string(), fields: z.array(z.string()) })),
  ),
});
// A valid frame of a component this app does not have: its own summary stands in for it.
export const fallbackPartSchema = z.object({
  kind: z.literal("fallback"),
  text: z.string(),
  componentKey: z.optional(z.string()),
  summary: z.optional(z.string()),
});
export const diagnosticPartSchema = z.object({
  kind: z.literal("diagnostic"),
  code: z.string(),
  message: z.string(),
});
// The block itself is in the item's `blocks` once the reply ends. While it streams, `fence` is the
// fence as written so far, opening line included: the page compiles its preview (decision 025).
export const blockPartSchema = z.object({
  kind: z.literal("block"),
  blockId: z.string(),
  fence: z.optional(z.string()),
});
// Drawn as a skeleton in its place while the frame's record streams.
export const placeholderPartSchema = z.object({ kind: z.literal("placeholder") });

/**
 * An MCP App's tool call in a reply: the view the page draws in a sandbox, and the text a reader
 * that cannot run it reads. One view instance is (its item, `toolCallId`).
 */
export const mcpAppPartSchema = z.object({
  kind: z.literal("mcp-app"),
  /** The tool call's id, unique within its item. */
  toolCallId: z.string().min(1).max(128),
  /** The MCP server the tool belongs to, by its name in the host's list of servers. */
  server: z.string().min(1).max(64),
  toolName: z.string().min(1).max(128),
  /** The view's resource, a `ui://` address on that server. */
  resourceUri: z.string().startsWith("ui://").max(512),
  /** The arguments the tool was called with. */
  input: jsonRecordSchema,
  /** The tool's result, as the view receives it. */
  result: z.object({
    content: z.array(jsonRecordSchema),
    structuredContent: jsonRecordSchema.optional(),
    isError: z.boolean().optional(),
  }),
  /** The result's text: what a reader without the view reads, and what the agent's history reads. */
  fallback: z.string(),
});

export const partSchema = z.discriminatedUnion("kind", [
  textPartSchema,
  componentPartSchema,
  fallbackPartSchema,
  diagnosticPartSchema,
  blockPartSchema,
  placeholderPartSchema,
  mcpAppPartSchema,
]);
export type Part = z.infer<typeof partSchema>;
export type ComponentPart = z.infer<typeof componentPartSchema>;
export type BlockPart = z.infer<typeof blockPartSchema>;
export type McpAppPart = z.infer<typeof mcpAppPartSchema>;

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
    revision: z.number().check(z.int()),
    choiceId: z.string(),
    label: z.string(),
    // The pick whole, as its answer records it.
    values: jsonRecordSchema,
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

/** One written by another version reads as no origin rather than stopping the chat that holds it. */
export function readOrigin(stored: unknown): Origin | null {
  const parsed = originSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export { MAX_MESSAGE_LENGTH } from "./limits";
