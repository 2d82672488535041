import type { ChatView, ItemView } from "@/lib/chat/wire";
import { DRAWN_ERRORS } from "@/lib/http/error-catalog-drawn";

const held = (record: Record<string, unknown>) => Object.keys(record).length > 0;

/** A part of this item was answered: a block (in any version), a list, a confirmation, or it is itself a pick. */
function holdsAnswer(item: ItemView): boolean {
  return (
    item.origin !== null ||
    held(item.uiAnswers) ||
    held(item.selections) ||
    held(item.confirmations) ||
    (item.versions ?? []).some((version) => held(version.uiAnswers))
  );
}

/**
 * Item id → why its Edit is unavailable (null: it can be edited), for each message the person typed.
 * The server decides again under the chat lock; this only says why before they try.
 */
export function editReasons(
  chat: Pick<ChatView, "items" | "running" | "queued">,
): Map<string, string | null> {
  const reasons = new Map<string, string | null>();
  const busy = chat.running || chat.queued.length > 0;
  let answeredAfter = false;
  for (const item of chat.items.toReversed()) {
    if (item.role === "user" && item.origin === null) {
      reasons.set(
        item.id,
        busy
          ? DRAWN_ERRORS["edit-while-replying"].sentence
          : answeredAfter
            ? DRAWN_ERRORS["edit-after-answer"].sentence
            : null,
      );
    }
    answeredAfter ||= holdsAnswer(item);
  }
  return reasons;
}
