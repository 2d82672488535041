import type { ChatEvent } from "./events";
import type { Part } from "./parts";
import type { ChatView, EarlierItems, ItemView } from "./views";

export function appendText(parts: readonly Part[], text: string): Part[] {
  const last = parts.at(-1);
  if (last?.kind === "text")
    return [...parts.slice(0, -1), { kind: "text", text: last.text + text }];
  return [...parts, { kind: "text", text }];
}

/** Parts without that streaming block are returned as they are. */
export function appendFence(parts: Part[], blockId: string, text: string): Part[] {
  const index = parts.findIndex(
    (part) => part.kind === "block" && part.blockId === blockId && part.fence !== undefined,
  );
  const part = parts[index];
  if (part?.kind !== "block") return parts;
  const copy = parts.slice();
  copy[index] = { ...part, fence: part.fence + text };
  return copy;
}

// Untouched items keep their identity, so a page redraws only the one that changed.
function updateItem(
  items: ItemView[],
  itemId: string,
  change: (item: ItemView) => ItemView,
): ItemView[] {
  const index = items.findIndex((item) => item.id === itemId);
  if (index === -1) return items;
  const next = change(items[index]!);
  return next === items[index] ? items : replaceAt(items, index, next);
}

function replaceAt(items: ItemView[], index: number, next: ItemView): ItemView[] {
  const copy = items.slice();
  copy[index] = next;
  return copy;
}

function upsertItem(chat: ChatView, next: ItemView): ItemView[] {
  const { items } = chat;
  const index = items.findIndex((item) => item.id === next.id);
  // An item older than those held is drawn with its neighbours once loaded, not alone above a gap.
  if (index === -1 && chat.hasEarlier && next.position < (items[0]?.position ?? Infinity))
    return items;
  const upserted = index === -1 ? [...items, next] : replaceAt(items, index, next);
  return upserted.sort((a, b) => a.position - b.position);
}

/** Null for an event about the chat itself. */
export function eventItemId(event: ChatEvent): string | null {
  if ("itemId" in event) return event.itemId;
  return "item" in event ? event.item.id : null;
}

function foldEvent(chat: ChatView, event: ChatEvent): ChatView {
  const change = (itemId: string, update: (item: ItemView) => ItemView) => {
    const items = updateItem(chat.items, itemId, update);
    return items === chat.items ? chat : { ...chat, items };
  };
  switch (event.type) {
    case "item.created":
      return { ...chat, items: upsertItem(chat, event.item) };
    case "item.restarted":
    case "item.completed": {
      // A restart's view is built without reading the versions `item.versions` carried just before.
      const held = chat.items.find((item) => item.id === event.item.id)?.versions;
      return {
        ...chat,
        items: upsertItem(chat, { ...event.item, versions: event.item.versions ?? held }),
      };
    }
    case "item.versions":
      return change(event.itemId, (item) => ({ ...item, versions: event.versions }));
    case "items.replaced":
      return { ...chat, items: chat.items.filter((item) => item.position < event.fromPosition) };
    case "item.delta":
      return change(event.itemId, (item) => ({
        ...item,
        parts: appendText(item.parts, event.text),
      }));
    case "item.part":
      return change(event.itemId, (item) => ({ ...item, parts: [...item.parts, event.part] }));
    case "item.parts":
      return change(event.itemId, (item) => ({ ...item, parts: event.parts }));
    case "item.fence":
      return change(event.itemId, (item) => {
        const parts = appendFence(item.parts, event.blockId, event.text);
        return parts === item.parts ? item : { ...item, parts };
      });
    case "item.blocks":
      // An earlier version's compiled preview: the page compiles its own from the fence.
      return chat;
    case "chat.renamed":
      return { ...chat, title: event.title };
    case "chat.shared":
      return chat;
    case "turn.started":
      return { ...chat, running: true };
    case "turn.ended":
      return { ...chat, running: false };
    case "queue.added":
      return {
        ...chat,
        queued: [...chat.queued.filter((entry) => entry.id !== event.queued.id), event.queued],
      };
    case "queue.removed":
      return { ...chat, queued: chat.queued.filter((entry) => entry.id !== event.id) };
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
        event.answer.revision === item.revision
          ? { ...item, uiAnswers: { ...item.uiAnswers, [event.answer.blockId]: event.answer } }
          : item,
      );
    case "mcp-app.answered":
      return change(event.itemId, (item) => ({
        ...item,
        mcpAppAnswers: { ...item.mcpAppAnswers, [event.answer.toolCallId]: event.answer },
      }));
  }
}

/** Replaying an applied event changes nothing; an event about an item the page does not hold changes nothing else. */
export function applyChatEvent(chat: ChatView, event: ChatEvent, seq: number): ChatView {
  if (seq <= chat.lastEventSeq) return chat;
  return { ...foldEvent(chat, event), lastEventSeq: seq };
}

export type SequencedEvent = { seq: number; event: ChatEvent };

/** Events for these items ignored while the page was read (`missed`) are folded in now. */
export function addEarlierItems(
  chat: ChatView,
  page: EarlierItems,
  missed: readonly SequencedEvent[] = [],
): ChatView {
  const first = chat.items[0]?.position ?? Infinity;
  const earlier = page.items.filter((item) => item.position < first);
  const added = new Set(earlier.map((item) => item.id));
  let merged: ChatView = {
    ...chat,
    items: [...earlier, ...chat.items],
    hasEarlier: page.hasEarlier,
  };
  for (const { seq, event } of missed) {
    const itemId = eventItemId(event);
    if (seq > page.lastEventSeq && itemId !== null && added.has(itemId))
      merged = foldEvent(merged, event);
  }
  return merged;
}
