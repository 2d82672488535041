import type { ChatEvent } from "./events";
import type { Part } from "./parts";

/** Appends to the trailing text part, then whole new parts; if the old parts were revised, resends them whole. */
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
