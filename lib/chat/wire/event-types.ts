import type { ChatEvent } from "./events";

/** Every event type the chat's log holds: the page reloads on a streamed event of any other. */
export const CHAT_EVENT_TYPES = [
  "item.created",
  "item.restarted",
  "item.delta",
  "item.part",
  "item.parts",
  "item.fence",
  "item.blocks",
  "item.completed",
  "item.versions",
  "items.replaced",
  "turn.started",
  "turn.ended",
  "chat.renamed",
  "chat.shared",
  "queue.added",
  "queue.removed",
  "selection.recorded",
  "confirmation.updated",
  "ui.answered",
  "mcp-app.answered",
] as const satisfies readonly ChatEvent["type"][];

// Fails typecheck when the log gains an event type this list does not name.
type Unlisted = Exclude<ChatEvent["type"], (typeof CHAT_EVENT_TYPES)[number]>;
export const EVERY_EVENT_TYPE_LISTED: [Unlisted] extends [never] ? true : never = true;

export function isChatEventType(type: unknown): type is ChatEvent["type"] {
  return (CHAT_EVENT_TYPES as readonly unknown[]).includes(type);
}
