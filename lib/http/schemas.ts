import { z } from "zod";
import { MAX_MESSAGE_LENGTH } from "@/lib/chat/wire";
import { SOURCE_GRANT_NAMES } from "@/lib/live-sources/grants";

/** The `params.code` of the issue a text field raises for text Postgres cannot store. */
export const INVALID_TEXT = "invalid-text";

/**
 * Text Postgres can store: no NUL (text columns refuse it) and no lone surrogate (jsonb refuses
 * its `\ud800` escape). Anything else would fail deep in a write as a 500, after a claim or a lock.
 */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/** Every text field of every body is one of these, so such text is refused at the boundary. */
export function storableText() {
  return z.string().refine(isStorableText, { error: "The text holds characters that cannot be stored.", params: { code: INVALID_TEXT }, abort: true });
}

export const chatParamsSchema = z.object({ chatId: z.uuid() });

export const messageTextSchema = storableText()
  .max(MAX_MESSAGE_LENGTH)
  .refine((text) => text.trim().length > 0, "A message needs some text.");

export const createChatBodySchema = z.strictObject({ message: messageTextSchema.optional() });
export type CreateChatBody = z.infer<typeof createChatBodySchema>;

export const sendMessageBodySchema = z.strictObject({ text: messageTextSchema });
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

const identifier = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/);

export const selectionBodySchema = z.strictObject({ itemId: z.uuid(), instanceId: identifier, choiceId: identifier });
export type SelectionBody = z.infer<typeof selectionBodySchema>;

export const confirmationParamsSchema = z.object({ chatId: z.uuid(), token: z.string().regex(/^confirm-[A-Za-z0-9-]{1,128}$/) });

export const confirmationBodySchema = z.strictObject({
  decision: z.enum(["approve", "reject"]),
  reason: storableText().max(1_024).optional(),
});
export type ConfirmationBody = z.infer<typeof confirmationBodySchema>;

// The block's values go to the library as sent: it copies them itself and refuses hostile keys
// (`__proto__`) and non-JSON values, which a schema that rebuilt the object would silently drop.
const plainRecord = z.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype,
  "Expected a record of values.",
);

/** The largest value of a Postgres `integer` column (revisions, positions, sequence numbers). */
export const MAX_POSTGRES_INT = 2_147_483_647;

// A block's revision, as its Int column holds it: a larger number would fail the query with a 500.
const revision = z.number().int().positive().max(MAX_POSTGRES_INT);

export const uiChoiceBodySchema = z.strictObject({
  itemId: z.uuid(),
  blockId: storableText().min(1).max(512),
  revision,
  choiceId: storableText().min(1).max(512),
  values: plainRecord,
  reads: z.record(z.string().max(257), z.uuid()).optional(),
});
export type UiChoiceBody = z.infer<typeof uiChoiceBodySchema>;

export const uiQueryBodySchema = z.strictObject({
  itemId: z.uuid(),
  blockId: storableText().min(1).max(512),
  revision,
  query: storableText().min(2).max(257),
  values: plainRecord,
});
export type UiQueryBody = z.infer<typeof uiQueryBodySchema>;

/** `ui.link`: a visible link of a block, to resolve again for the block's current values. */
export const uiLinkBodySchema = z.strictObject({
  itemId: z.uuid(),
  blockId: storableText().min(1).max(512),
  revision: z.number().int().positive(),
  nodeId: storableText().min(1).max(1_024),
  values: plainRecord,
});

export const itemParamsSchema = z.object({ chatId: z.uuid(), itemId: z.uuid() });

/** Decimal digits only, within Postgres' integer range: event cursors and item positions. */
const wholeNumberText = z
  .string()
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().max(MAX_POSTGRES_INT));

/** An event cursor (`Last-Event-ID` or `?after=`). */
export const eventCursorSchema = wholeNumberText;

/** Reading a chat again from the earliest item a page holds (`?from=`), or from its latest items. */
export const chatViewQuerySchema = z.object({ from: wholeNumberText.optional() });
export type ChatViewQuery = z.infer<typeof chatViewQuerySchema>;

/** A page of items before an item's position (`?before=`). */
export const earlierItemsQuerySchema = z.object({ before: wholeNumberText });
export type EarlierItemsQuery = z.infer<typeof earlierItemsQuerySchema>;

export const MAX_TITLE_LENGTH = 100;

export const renameChatBodySchema = z.strictObject({
  title: storableText()
    .max(MAX_TITLE_LENGTH)
    .refine((title) => title.trim().length > 0, "A title needs some text."),
});
export type RenameChatBody = z.infer<typeof renameChatBodySchema>;

/** Withdrawing or restoring one of a chat's source grants. */
export const chatGrantBodySchema = z.strictObject({
  grant: z.enum(SOURCE_GRANT_NAMES),
  granted: z.boolean(),
});
