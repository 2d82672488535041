import * as z from "zod/mini";
import { partSchema } from "./parts";
import {
  confirmationViewSchema,
  itemViewSchema,
  mcpAppAnswerViewSchema,
  queuedViewSchema,
  replyVersionSchema,
  selectionViewSchema,
  uiAnswerViewSchema,
} from "./views";

/** As appended to the log and streamed to every page. */
export const chatEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("item.created"), item: itemViewSchema }),
  // A reply started again (regenerate, retry): the item's drawn state starts over.
  z.object({ type: z.literal("item.restarted"), item: itemViewSchema }),
  z.object({ type: z.literal("item.delta"), itemId: z.string(), text: z.string() }),
  z.object({ type: z.literal("item.part"), itemId: z.string(), part: partSchema }),
  z.object({ type: z.literal("item.parts"), itemId: z.string(), parts: z.array(partSchema) }),
  // A streaming block's fence grew: `text` is appended to its part's `fence`, as `item.delta` appends prose.
  z.object({
    type: z.literal("item.fence"),
    itemId: z.string(),
    blockId: z.string(),
    text: z.string(),
  }),
  // Compiled previews, written only before decision 025: read and ignored (their blocks are not kept).
  z.object({ type: z.literal("item.blocks"), itemId: z.string() }),
  z.object({ type: z.literal("item.completed"), item: itemViewSchema }),
  // A reply about to be written again: every version it keeps, the one being replaced last (decision 021).
  z.object({
    type: z.literal("item.versions"),
    itemId: z.string(),
    versions: z.array(replyVersionSchema),
  }),
  // A message was edited: it and every item after it are gone; its new text follows as `item.created`.
  z.object({ type: z.literal("items.replaced"), fromPosition: z.number().check(z.int()) }),
  z.object({ type: z.literal("turn.started"), turnId: z.string() }),
  z.object({
    type: z.literal("turn.ended"),
    turnId: z.string(),
    status: z.enum(["finished", "interrupted", "failed", "stopped"]),
  }),
  z.object({ type: z.literal("chat.renamed"), title: z.string() }),
  // The owner made the chat public through a new link, or private: either way every older link is dead.
  z.object({ type: z.literal("chat.shared"), shared: z.boolean() }),
  // One message at a time: an event never carries the whole queue.
  z.object({ type: z.literal("queue.added"), queued: queuedViewSchema }),
  z.object({ type: z.literal("queue.removed"), id: z.string() }),
  z.object({
    type: z.literal("selection.recorded"),
    itemId: z.string(),
    selection: selectionViewSchema,
  }),
  z.object({
    type: z.literal("confirmation.updated"),
    itemId: z.string(),
    confirmation: confirmationViewSchema,
  }),
  z.object({ type: z.literal("ui.answered"), itemId: z.string(), answer: uiAnswerViewSchema }),
  // An MCP App view was answered (`ui/message`), or its queued answer was sent: every page draws it answered.
  z.object({
    type: z.literal("mcp-app.answered"),
    itemId: z.string(),
    answer: mcpAppAnswerViewSchema,
  }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;
