import type { UIMessage } from "ai";
import * as z from "zod/mini";
import { blockLinksSchema } from "@/lib/links/resolve";
import {
  componentPartSchema,
  confirmationViewSchema,
  itemStatusSchema,
  readingViewSchema,
  selectionViewSchema,
  uiAnswerViewSchema,
  uiBlockSchema,
} from "@/lib/chat/wire";

// What a reply's blocks and frames become in an AI SDK message: `data-<name>` parts, each with an
// id that stays the same while its state changes, so an answer replaces the part it answers.

/**
 * A message's metadata: where its item stands (`streaming` until its turn ends, then how it
 * ended), its place in the chat and its revision. A block or a ChoiceList is answerable only on a `complete`
 * reply; the page draws the others closed, with the reason.
 */
export const answerableMetadataSchema = z.object({
  status: itemStatusSchema,
  position: z.number().check(z.int()),
  // The reply's revision: a pick on its blocks and lists names it.
  revision: z.number().check(z.int()),
});
export type AnswerableMessageMetadata = z.infer<typeof answerableMetadataSchema>;

/** `data-ui-block`, id the block's id: its fence while the reply streams, the stored block once it ends. */
export const uiBlockDataSchema = z.object({
  itemId: z.string(),
  blockId: z.string(),
  fence: z.nullable(z.string()),
  block: z.nullable(uiBlockSchema),
  // The reply's revision: a pick names it (POST /api/chats/:id/ui-choices).
  revision: z.number().check(z.int()),
  answer: z.nullable(uiAnswerViewSchema),
  readings: z.record(z.string(), readingViewSchema),
  links: blockLinksSchema,
});
export type UiBlockData = z.infer<typeof uiBlockDataSchema>;

/** `data-choice-list`, id `<itemId>:<instanceId>`: the frame as the server resolved it, and its pick. */
export const choiceListDataSchema = z.object({
  itemId: z.string(),
  frame: componentPartSchema,
  selection: z.nullable(selectionViewSchema),
});
export type ChoiceListData = z.infer<typeof choiceListDataSchema>;

/** `data-confirmation`, id the handle's token: a proposed action and where its decision stands. */
export const confirmationDataSchema = z.object({
  itemId: z.string(),
  confirmation: confirmationViewSchema,
});
export type ConfirmationData = z.infer<typeof confirmationDataSchema>;

/** `data-diagnostic`: a frame the server refused to draw, and why. */
export const diagnosticDataSchema = z.object({
  itemId: z.string(),
  code: z.string(),
  message: z.string(),
});
export type DiagnosticData = z.infer<typeof diagnosticDataSchema>;

/**
 * `data-answer`, sent transient (never kept in the message being written): an answer recorded on
 * another reply of the chat, for the page to apply to that message.
 */
export const answerDataSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("block"), itemId: z.string(), answer: uiAnswerViewSchema }),
  z.object({ kind: z.literal("selection"), itemId: z.string(), selection: selectionViewSchema }),
  z.object({
    kind: z.literal("confirmation"),
    itemId: z.string(),
    confirmation: confirmationViewSchema,
  }),
]);
export type AnswerData = z.infer<typeof answerDataSchema>;

/** Given to `useChat({ dataPartSchemas })`, which checks every data part against its schema. */
export const answerableDataPartSchemas = {
  "ui-block": uiBlockDataSchema,
  "choice-list": choiceListDataSchema,
  confirmation: confirmationDataSchema,
  diagnostic: diagnosticDataSchema,
  answer: answerDataSchema,
};

export type AnswerableDataTypes = {
  "ui-block": UiBlockData;
  "choice-list": ChoiceListData;
  confirmation: ConfirmationData;
  diagnostic: DiagnosticData;
  answer: AnswerData;
};

export type AnswerableUIMessage = UIMessage<AnswerableMessageMetadata, AnswerableDataTypes>;
