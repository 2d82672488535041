import type { ChatEvent } from "./events";
import type { Part } from "./parts";
import type { ChatView, ItemView } from "./views";

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
  const change = (itemId: string, update: (item: ItemView) => ItemView) => ({ ...next, items: updateItem(chat.items, itemId, update) });
  switch (event.type) {
    case "item.created":
    case "item.restarted":
    case "item.completed":
      return { ...next, items: upsertItem(chat.items, event.item) };
    case "item.delta":
      return change(event.itemId, (item) => ({ ...item, parts: appendText(item.parts, event.text) }));
    case "item.part":
      return change(event.itemId, (item) => ({ ...item, parts: [...item.parts, event.part] }));
    case "item.parts":
      return change(event.itemId, (item) => ({ ...item, parts: event.parts }));
    case "item.blocks":
      return change(event.itemId, (item) => ({
        ...item,
        blocks: { ...item.blocks, ...Object.fromEntries(event.blocks.map((block) => [block.id, block])) },
      }));
    case "chat.renamed":
      return { ...next, title: event.title };
    case "turn.started":
      return { ...next, running: true };
    case "turn.ended":
      return { ...next, running: false };
    case "queue.added":
      return { ...next, queued: [...chat.queued.filter((entry) => entry.id !== event.queued.id), event.queued] };
    case "queue.removed":
      return { ...next, queued: chat.queued.filter((entry) => entry.id !== event.id) };
    case "selection.recorded":
      return change(event.itemId, (item) => ({
        ...item,
        selections: { ...item.selections, [event.selection.instanceId]: event.selection },
      }));
    case "confirmation.updated":
      return change(event.itemId, (item) => ({
        ...item,
        confirmations: { ...item.confirmations, [event.confirmation.token]: event.confirmation },
      }));
    case "ui.answered":
      // An answer to an older revision of the block no longer applies to what the page draws.
      return change(event.itemId, (item) =>
        event.answer.revision === item.revision ? { ...item, uiAnswers: { ...item.uiAnswers, [event.answer.blockId]: event.answer } } : item,
      );
  }
}
