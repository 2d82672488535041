import type { ChatEvent } from "./events";
import type { Part } from "./parts";

/**
 * Appends to the trailing text part or to a streaming block's fence, then whole new parts; if the
 * old parts were revised, resends them whole.
 */
export function diffParts(
  itemId: string,
  previous: readonly Part[],
  next: readonly Part[],
): ChatEvent[] {
  const events: ChatEvent[] = [];
  for (let index = 0; index < next.length; index++) {
    const before = previous[index];
    const after = next[index]!;
    if (before === undefined) {
      events.push(
        after.kind === "text"
          ? { type: "item.delta", itemId, text: after.text }
          : { type: "item.part", itemId, part: after },
      );
      continue;
    }
    const added = appended(before, after, index === previous.length - 1);
    if (added === null) return [{ type: "item.parts", itemId, parts: [...next] }];
    if (added === "") continue;
    events.push(
      after.kind === "block"
        ? { type: "item.fence", itemId, blockId: after.blockId, text: added }
        : { type: "item.delta", itemId, text: added },
    );
  }
  return next.length < previous.length
    ? [{ type: "item.parts", itemId, parts: [...next] }]
    : events;
}

/** What `after` adds to `before`, or null if it is not `before` grown. */
function appended(before: Part, after: Part, isTail: boolean): string | null {
  if (before.kind === "text" && after.kind === "text" && isTail)
    return grownBy(before.text, after.text);
  // A fence may close and the prose after it start in the same write, so a block grows anywhere.
  if (
    before.kind === "block" &&
    after.kind === "block" &&
    before.blockId === after.blockId &&
    before.fence !== undefined &&
    after.fence !== undefined
  ) {
    return grownBy(before.fence, after.fence);
  }
  return JSON.stringify(before) === JSON.stringify(after) ? "" : null;
}

function grownBy(before: string, after: string): string | null {
  return after.startsWith(before) ? after.slice(before.length) : null;
}
