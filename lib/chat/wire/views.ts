import * as z from "zod/mini";
import { CONFIRMATION_STATUSES, jsonRecordSchema, jsonValueSchema } from "@/lib/component-frames";
import { blockLinksSchema } from "@/lib/links/resolve";
import { uiBlockSchema } from "./blocks";
import { originSchema, partSchema } from "./parts";

// Built by the server from rows and folded by the page with the reducer, so both agree on one shape.

export const selectionViewSchema = z.object({
  instanceId: z.string(),
  choiceId: z.string(),
  label: z.string(),
  at: z.string(),
  queued: z.boolean(),
  confirmationToken: z.nullable(z.string()),
});
export type SelectionView = z.infer<typeof selectionViewSchema>;

/** One field of a pending proposal's edit form, read from its tool's schema (lib/tools/forms.ts). */
export const confirmationFieldSchema = z.object({
  key: z.string(),
  kind: z.enum(["text", "email", "long", "number", "integer", "boolean", "select", "fixed"]),
  required: z.boolean(),
  options: z.optional(z.array(z.string())),
  maxLength: z.optional(z.number()),
  minimum: z.optional(z.number()),
  maximum: z.optional(z.number()),
});
export type ConfirmationField = z.infer<typeof confirmationFieldSchema>;

export const confirmationViewSchema = z.object({
  token: z.string(),
  instanceId: z.string(),
  action: z.string(),
  input: jsonRecordSchema,
  toolCallId: z.string(),
  status: z.enum(CONFIRMATION_STATUSES),
  expiresAt: z.string(),
  outcome: z.nullable(jsonValueSchema),
  // On a handle a person edited: the input the agent proposed (`input` is what was approved).
  proposedInput: z.optional(jsonRecordSchema),
  // On a pending handle: the fields a person may edit before approving.
  form: z.optional(z.array(confirmationFieldSchema)),
});
export type ConfirmationView = z.infer<typeof confirmationViewSchema>;

/** Proved at choice time; an answered live block draws these, never a later reading. */
export const quotedReadingSchema = z.object({
  readId: z.string(),
  args: jsonValueSchema,
  value: jsonValueSchema,
  readAt: z.string(),
});
export type QuotedReading = z.infer<typeof quotedReadingSchema>;

/** `uiAnswers[blockId]`. */
export const uiAnswerViewSchema = z.object({
  itemId: z.string(),
  blockId: z.string(),
  revision: z.number().check(z.int()),
  choiceId: z.string(),
  label: z.string(),
  values: jsonRecordSchema,
  // By query (`$runs`); empty for a block without queries.
  readings: z.record(z.string(), quotedReadingSchema),
  // When the answered reply was written, and whether a newer reply had come since.
  sourceAt: z.string(),
  older: z.boolean(),
  at: z.string(),
  queued: z.boolean(),
  turnId: z.nullable(z.string()),
});
export type UiAnswerView = z.infer<typeof uiAnswerViewSchema>;

/** `mcpAppAnswers[toolCallId]`: what an MCP App view sent as `ui/message`, once, and when. */
export const mcpAppAnswerViewSchema = z.object({
  toolCallId: z.string(),
  text: z.string(),
  answeredAt: z.string(),
  // Waiting behind a running reply; false once sent as the person's message.
  queued: z.boolean(),
});
export type McpAppAnswerView = z.infer<typeof mcpAppAnswerViewSchema>;

export { READING_HOLD_MS } from "./limits";

/** `readId` proves the value came from the server for these arguments; a failed or refused reading has a `reason`. */
export const readingViewSchema = z.object({
  readId: z.nullable(z.string()),
  query: z.string(),
  state: z.enum(["fresh", "failed", "refused"]),
  args: jsonValueSchema,
  value: z.nullable(jsonValueSchema),
  readAt: z.string(),
  reason: z.nullable(z.object({ code: z.string(), message: z.string() })),
  /** Taken when the reply became final and kept with it. */
  frozen: z.boolean(),
});
export type ReadingView = z.infer<typeof readingViewSchema>;

export const itemStatusSchema = z.enum([
  "streaming",
  "complete",
  "interrupted",
  "failed",
  "stopped",
]);
const blocksByIdSchema = z.record(z.string(), uiBlockSchema);
const readingsByBlockSchema = z.record(z.string(), z.record(z.string(), readingViewSchema));
const linksByBlockSchema = z.record(z.string(), blockLinksSchema);

/**
 * An earlier version of a reply, kept when Regenerate or Retry wrote it again (decision 021). Drawn
 * closed, with the answers and frozen readings of its own revision; never answerable.
 */
export const replyVersionSchema = z.object({
  // 1, 2, … oldest first; the item itself is the newest, numbered after them.
  version: z.number().check(z.int(), z.positive()),
  revision: z.number().check(z.int(), z.nonnegative()),
  // An item's status but `streaming`: a kept version was finished.
  status: z.enum(["complete", "interrupted", "failed", "stopped"]),
  parts: z.array(partSchema),
  blocks: blocksByIdSchema,
  links: linksByBlockSchema,
  uiAnswers: z.record(z.string(), uiAnswerViewSchema),
  readings: readingsByBlockSchema,
  completedAt: z.nullable(z.string()),
});
export type ReplyVersion = z.infer<typeof replyVersionSchema>;

export const itemViewSchema = z.object({
  id: z.string(),
  position: z.number().check(z.int()),
  role: z.enum(["user", "assistant"]),
  status: itemStatusSchema,
  parts: z.array(partSchema),
  // Previews while streaming, the stored blocks once final.
  blocks: blocksByIdSchema,
  // Set when the reply became final; a regenerated reply gets the next one.
  revision: z.number().check(z.int(), z.nonnegative()),
  origin: z.nullable(originSchema),
  parentToolUseId: z.nullable(z.string()),
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
  selections: z.record(z.string(), selectionViewSchema),
  confirmations: z.record(z.string(), confirmationViewSchema),
  uiAnswers: z.record(z.string(), uiAnswerViewSchema),
  // Tool call id → the answer of that MCP App view: the page hands it to the view as host context.
  mcpAppAnswers: z.record(z.string(), mcpAppAnswerViewSchema),
  // Block id → query → reading, of the current revision.
  readings: readingsByBlockSchema,
  // Block id → node id → link, as the final blocks first drew.
  links: linksByBlockSchema,
  // A reply's earlier versions, oldest first; absent where none were read (a new item, a restart's view).
  versions: z.optional(z.array(replyVersionSchema)),
});
export type ItemView = z.infer<typeof itemViewSchema>;

export const queuedViewSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type QueuedView = z.infer<typeof queuedViewSchema>;

export const chatViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  // From the earliest the reader had loaded; `hasEarlier` when more precede them.
  items: z.array(itemViewSchema),
  hasEarlier: z.boolean(),
  queued: z.array(queuedViewSchema),
  running: z.boolean(),
  lastEventSeq: z.number().check(z.int()),
});
export type ChatView = z.infer<typeof chatViewSchema>;

/** Read at one moment of the log (`lastEventSeq`). */
export const earlierItemsSchema = z.object({
  items: z.array(itemViewSchema),
  hasEarlier: z.boolean(),
  lastEventSeq: z.number().check(z.int()),
});
export type EarlierItems = z.infer<typeof earlierItemsSchema>;

export const chatListEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: z.string(),
  replying: z.boolean(),
  // The start of the chat's last message with text, as one plain line; null before any.
  lastMessage: z.nullable(z.object({ fromYou: z.boolean(), text: z.string() })),
});
export type ChatListEntry = z.infer<typeof chatListEntrySchema>;
