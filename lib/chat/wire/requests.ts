import { z } from "zod";
import {
  holdsStorableText,
  INVALID_TEXT,
  MAX_POSTGRES_INT,
  storableTextSchema,
  wholeNumberText,
} from "@/lib/http/schemas";
import { SOURCE_GRANT_NAMES } from "@/lib/live-sources/grants";
import { MAX_MCP_APP_MESSAGE_LENGTH, MAX_MESSAGE_LENGTH, MAX_SEARCH_LENGTH } from "./limits";

export const chatParamsSchema = z.object({ chatId: z.uuid() });

export const itemParamsSchema = z.object({ chatId: z.uuid(), itemId: z.uuid() });
export const mcpAppParamsSchema = itemParamsSchema.extend({
  toolCallId: z.string().min(1).max(128),
});

const messageTextSchema = storableTextSchema()
  .max(MAX_MESSAGE_LENGTH)
  .refine((text) => text.trim().length > 0, "A message needs some text.");

export const createChatBodySchema = z.strictObject({ message: messageTextSchema.optional() });

export const sendMessageBodySchema = z.strictObject({ text: messageTextSchema });

const MAX_TITLE_LENGTH = 100;

export const renameChatBodySchema = z.strictObject({
  title: storableTextSchema()
    .max(MAX_TITLE_LENGTH)
    .refine((title) => title.trim().length > 0, "A title needs some text."),
});

/** `?from=`: the earliest item a page holds. */
export const chatViewQuerySchema = z.object({ from: wholeNumberText.optional() });

/** `?before=`: an item's position. */
export const earlierItemsQuerySchema = z.object({ before: wholeNumberText });

/** `GET /api/chats/search?q=`: what to find in the visitor's chats. */
export const chatSearchQuerySchema = z.object({
  q: storableTextSchema()
    .max(MAX_SEARCH_LENGTH)
    .transform((text) => text.trim())
    .pipe(z.string().min(1)),
});

export const chatGrantBodySchema = z.strictObject({
  grant: z.enum(SOURCE_GRANT_NAMES),
  granted: z.boolean(),
});

const identifier = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/);

// Bounded by the Int column: a larger number would fail the query with a 500.
const revision = z.number().int().positive().max(MAX_POSTGRES_INT);

/** `revision`: of the reply the page drew; a pick on an earlier version is refused (`older-version`). */
export const selectionBodySchema = z.strictObject({
  itemId: z.uuid(),
  instanceId: identifier,
  choiceId: identifier,
  revision: revision.optional(),
});

/** A person's message sent again with new text: the same limits as a new message. */
export const editMessageBodySchema = sendMessageBodySchema;

export const confirmationParamsSchema = z.object({
  chatId: z.uuid(),
  token: z.string().regex(/^confirm-[A-Za-z0-9-]{1,128}$/),
});

// Sent as is: the library copies values itself and refuses hostile keys (`__proto__`) and non-JSON
// values, which a rebuilding schema would silently drop.
export const plainRecordSchema = z.custom<Record<string, unknown>>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype,
  "Expected a record of values.",
);

const decisionReason = storableTextSchema().max(1_024).optional();

/**
 * `edit` approves the action with `input` in place of the proposed one: the whole input, which
 * the tool's own schema checks on the server (a field it does not know, a wrong type: refused).
 */
export const confirmationBodySchema = z.discriminatedUnion("decision", [
  z.strictObject({ decision: z.literal("approve"), reason: decisionReason }),
  z.strictObject({ decision: z.literal("reject"), reason: decisionReason }),
  z.strictObject({
    decision: z.literal("edit"),
    input: plainRecordSchema.refine(holdsStorableText, {
      error: "The text holds characters that cannot be stored.",
      params: { code: INVALID_TEXT },
    }),
  }),
]);
export type ConfirmationBody = z.infer<typeof confirmationBodySchema>;

const blockRequest = {
  itemId: z.uuid(),
  blockId: storableTextSchema().min(1).max(512),
  revision,
  values: plainRecordSchema,
};

export const uiChoiceBodySchema = z.strictObject({
  ...blockRequest,
  choiceId: storableTextSchema().min(1).max(512),
  reads: z.record(z.string().max(257), z.uuid()).optional(),
});

export const uiQueryBodySchema = z.strictObject({
  ...blockRequest,
  query: storableTextSchema().min(2).max(257),
});

export const uiLinkBodySchema = z.strictObject({
  ...blockRequest,
  nodeId: storableTextSchema().min(1).max(1_024),
});

// An MCP App view's requests name the view: its reply and its tool call (the part's `toolCallId`).
const mcpAppView = { itemId: z.uuid(), toolCallId: storableTextSchema().min(1).max(128) };

/** Only text: the host sends it as the person's message, and a block of another type has no text. */
const textBlocksSchema = z
  .array(z.strictObject({ type: z.literal("text"), text: storableTextSchema() }))
  .min(1)
  .max(64);

/** Their text as one message, blocks apart by a blank line. */
export function joinTextBlocks(blocks: readonly { text: string }[]): string {
  return blocks.map((block) => block.text).join("\n\n");
}

/**
 * A view's `ui/message`, its params as the view sent them, for the host to answer once. Longer
 * than `MAX_MCP_APP_MESSAGE_LENGTH` in all, or without any text, it is refused (`invalid-body`).
 */
export const mcpAppMessageBodySchema = z.strictObject({
  ...mcpAppView,
  /** Of the reply the page drew; a view of an older revision is refused (`stale-mcp-app`). */
  revision: revision.optional(),
  message: z.strictObject({
    role: z.literal("user"),
    content: textBlocksSchema.superRefine((blocks, context) => {
      const text = joinTextBlocks(blocks);
      if (text.length > MAX_MCP_APP_MESSAGE_LENGTH)
        context.addIssue({
          code: "too_big",
          origin: "string",
          maximum: MAX_MCP_APP_MESSAGE_LENGTH,
          inclusive: true,
          input: text,
          message: "A view's message is too long.",
        });
      else if (text.trim().length === 0)
        context.addIssue({ code: "custom", input: text, message: "A message needs some text." });
    }),
  }),
});
export type McpAppMessageBody = z.infer<typeof mcpAppMessageBodySchema>;

/**
 * A view's `ui/update-model-context`, its params as the view sent them: the context replaces the
 * view's last one. Larger than `MAX_MCP_APP_CONTEXT_BYTES` it is refused (`mcp-app-context-too-large`).
 */
export const mcpAppContextBodySchema = z.strictObject({
  ...mcpAppView,
  content: z
    .array(z.strictObject({ type: z.literal("text"), text: storableTextSchema() }))
    .optional(),
  structuredContent: plainRecordSchema
    .refine(holdsStorableText, {
      error: "The context holds characters that cannot be stored.",
      params: { code: INVALID_TEXT },
    })
    .optional(),
});
export type McpAppContextBody = z.infer<typeof mcpAppContextBodySchema>;

/**
 * A view's `tools/call`, its params as the view sent them: a tool of the view's own server and its
 * arguments, which the tool's listed schema checks on the server. Arguments larger than
 * `MAX_MCP_TOOL_ARGUMENTS_BYTES` are refused (`mcp-tool-arguments-too-large`).
 */
export const mcpAppToolCallBodySchema = z.strictObject({
  ...mcpAppView,
  // As MCP bounds a tool's name.
  name: z.string().min(1).max(128),
  arguments: plainRecordSchema
    .refine(holdsStorableText, {
      error: "The arguments hold characters that cannot be stored.",
      params: { code: INVALID_TEXT },
    })
    .optional(),
});
export type McpAppToolCallBody = z.infer<typeof mcpAppToolCallBodySchema>;

/** A share link's token: 32 random bytes in base64url; anything else is not found. */
export const shareParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** An MCP App's view on a share link's page: named by the link, its reply and its tool call. */
export const sharedMcpAppParamsSchema = shareParamsSchema.extend({
  itemId: z.uuid(),
  toolCallId: mcpAppParamsSchema.shape.toolCallId,
});
