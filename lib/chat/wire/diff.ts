import type { ChatEvent } from "./events";
import type { Part } from "./parts";

/**
 * The events that turn the parts a page has into the next parts: text appended to the trailing
 * text part, then whole new parts. When the new parts are not an extension of the old (a decoder
 * revised an earlier part), the item's parts are sent again whole.
 */
export function diffParts(itemId: string, previous: readonly Part[], next: readonly Part[]): ChatEvent[] {
  const events: ChatEvent[] = [];
  for (let index = 0; index < next.length; index++) {
    const before = previous[index];
    const after = next[index]!;
    if (before === undefined) {
      events.push(after.kind === "text" ? { type: "item.delta", itemId, text: after.text } : { type: "item.part", itemId, part: after });
      continue;
    }
    const isTail = index === previous.length - 1;
    if (before.kind === "text" && after.kind === "text" && isTail && after.text.startsWith(before.text)) {
      if (after.text.length > before.text.length) events.push({ type: "item.delta", itemId, text: after.text.slice(before.text.length) });
      continue;
    }
    if (JSON.stringify(before) !== JSON.stringify(after)) return [{ type: "item.parts", itemId, parts: [...next] }];
  }
  return next.length < previous.length ? [{ type: "item.parts", itemId, parts: [...next] }] : events;
}
