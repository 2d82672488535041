import { z } from "zod";

/**
 * The chat as a page sees it, and the events that change it. Shared by the server (which stores
 * and streams them) and the browser (which applies them), so both fold events the same way.
 */

export const textPartSchema = z.object({ kind: z.literal("text"), text: z.string() });

// Frames are resolved on the server before they are stored; the page draws only these shapes.
export const componentPartSchema = z.object({
  kind: z.literal("component"),
  instanceId: z.string(),
  componentKey: z.string(),
  props: z.json(),
  fallback: z.object({ kind: z.string(), summary: z.string() }),
});
export const fallbackPartSchema = z.object({ kind: z.literal("fallback"), text: z.string() });
export const diagnosticPartSchema = z.object({
  kind: z.literal("diagnostic"),
  code: z.string(),
  message: z.string(),
});

export const partSchema = z.discriminatedUnion("kind", [
  textPartSchema,
  componentPartSchema,
  fallbackPartSchema,
  diagnosticPartSchema,
]);
export type Part = z.infer<typeof partSchema>;
export type ComponentPart = z.infer<typeof componentPartSchema>;

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

export const selectionViewSchema = z.object({
  instanceId: z.string(),
  choiceId: z.string(),
  label: z.string(),
  at: z.string(),
  queued: z.boolean(),
  confirmationToken: z.string().nullable(),
});
export type SelectionView = z.infer<typeof selectionViewSchema>;

export const confirmationViewSchema = z.object({
  token: z.string(),
  instanceId: z.string(),
  action: z.string(),
  input: z.record(z.string(), z.json()),
  toolCallId: z.string(),
  status: z.enum(["pending", "approving", "approved", "rejecting", "rejected", "expiring", "expired"]),
  expiresAt: z.string(),
  outcome: z.json().nullable(),
});
export type ConfirmationView = z.infer<typeof confirmationViewSchema>;

export const itemViewSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  role: z.enum(["user", "assistant"]),
  status: z.enum(["streaming", "complete", "interrupted", "failed"]),
  parts: z.array(partSchema),
  origin: originSchema.nullable(),
  parentToolUseId: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  selections: z.record(z.string(), selectionViewSchema),
  confirmations: z.record(z.string(), confirmationViewSchema),
});
export type ItemView = z.infer<typeof itemViewSchema>;

export const queuedViewSchema = z.object({ id: z.string(), text: z.string(), createdAt: z.string() });
export type QueuedView = z.infer<typeof queuedViewSchema>;

export const chatEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("item.created"), item: itemViewSchema }),
  z.object({ type: z.literal("item.delta"), itemId: z.string(), text: z.string() }),
  z.object({ type: z.literal("item.part"), itemId: z.string(), part: partSchema }),
  z.object({ type: z.literal("item.parts"), itemId: z.string(), parts: z.array(partSchema) }),
  z.object({ type: z.literal("item.completed"), item: itemViewSchema }),
  z.object({ type: z.literal("turn.started"), turnId: z.string() }),
  z.object({ type: z.literal("turn.ended"), turnId: z.string(), status: z.enum(["finished", "interrupted", "failed"]) }),
  z.object({ type: z.literal("queue.changed"), queued: z.array(queuedViewSchema) }),
  z.object({ type: z.literal("selection.recorded"), itemId: z.string(), selection: selectionViewSchema }),
  z.object({ type: z.literal("confirmation.updated"), itemId: z.string(), confirmation: confirmationViewSchema }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;


/** Appends streamed text to an item's parts: it extends a trailing text part or starts one. */
export function appendText(parts: readonly Part[], text: string): Part[] {
  const last = parts.at(-1);
  if (last?.kind === "text") return [...parts.slice(0, -1), { kind: "text", text: last.text + text }];
  return [...parts, { kind: "text", text }];
}

function updateItem(items: ItemView[], itemId: string, change: (item: ItemView) => ItemView): ItemView[] {
  return items.map((item) => (item.id === itemId ? change(item) : item));
}

function upsertItem(items: ItemView[], next: ItemView): ItemView[] {
  const rest = items.filter((item) => item.id !== next.id);
  return [...rest, next].sort((a, b) => a.position - b.position);
}

/** Folds one event into the chat. Replaying an event already applied leaves the chat unchanged. */
export function applyChatEvent(chat: ChatView, event: ChatEvent, seq: number): ChatView {
  if (seq <= chat.lastEventSeq) return chat;
  const next = { ...chat, lastEventSeq: seq };
  switch (event.type) {
    case "item.created":
    case "item.completed":
      return { ...next, items: upsertItem(chat.items, event.item) };
    case "item.delta":
      return { ...next, items: updateItem(chat.items, event.itemId, (item) => ({ ...item, parts: appendText(item.parts, event.text) })) };
    case "item.part":
      return { ...next, items: updateItem(chat.items, event.itemId, (item) => ({ ...item, parts: [...item.parts, event.part] })) };
    case "item.parts":
      return { ...next, items: updateItem(chat.items, event.itemId, (item) => ({ ...item, parts: event.parts })) };
    case "turn.started":
      return { ...next, running: true };
    case "turn.ended":
      return { ...next, running: false };
    case "queue.changed":
      return { ...next, queued: event.queued };
    case "selection.recorded":
      return {
        ...next,
        items: updateItem(chat.items, event.itemId, (item) => ({
          ...item,
          selections: { ...item.selections, [event.selection.instanceId]: event.selection },
        })),
      };
    case "confirmation.updated":
      return {
        ...next,
        items: updateItem(chat.items, event.itemId, (item) => ({
          ...item,
          confirmations: { ...item.confirmations, [event.confirmation.token]: event.confirmation },
        })),
      };
  }
}

export const chatViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  items: z.array(itemViewSchema),
  queued: z.array(queuedViewSchema),
  running: z.boolean(),
  lastEventSeq: z.number().int(),
});
export type ChatView = z.infer<typeof chatViewSchema>;
