import "server-only";
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/http/errors";
import type { ItemView, ReplyVersion } from "../wire";
import { chatTransaction, lockChat } from "../store/chats";
import { loadItemView } from "../store/items";
import { writeChat } from "../store/log";
import { findRegenerable, leaseFromNow } from "../store/turns";

/** The reply as it stands, as the earlier version it becomes: the same answers and readings, closed. */
function keptVersion(item: ItemView): ReplyVersion {
  // A recovered chat holds no streaming reply without a turn; read as interrupted if one ever did.
  const status = item.status === "streaming" ? "interrupted" : item.status;
  const { revision, parts, blocks, links, uiAnswers, readings, completedAt } = item;
  return {
    version: (item.versions?.length ?? 0) + 1,
    revision,
    status,
    parts,
    blocks,
    links,
    uiAnswers,
    readings,
    completedAt,
  };
}

/**
 * Also retries an interrupted reply: a new turn writes the same item, whose blocks get the next
 * revision. The reply as it stood is kept as an earlier version (decision 021).
 */
export async function regenerateReply({
  chatId,
  visitorId,
  itemId,
}: {
  chatId: string;
  visitorId: string;
  itemId: string;
}) {
  return chatTransaction(async (tx) => {
    const lock = await lockChat(tx, { chatId, visitorId });
    const item = await findRegenerable(lock, itemId);
    if (!item) throw new AppError("item-not-found");
    if (lock.chat.activeTurnId)
      throw new AppError(
        "cannot-regenerate",
        "A reply is being written; try again when it has finished.",
      );
    if (item.later > 0)
      throw new AppError("cannot-regenerate", "Only the last reply can be written again.");
    // A pick on one of its lists awaits a decision; writing the reply again would orphan it.
    if (item.picked)
      throw new AppError(
        "cannot-regenerate",
        "This reply was already answered; send a new message instead.",
      );
    const turnId = randomUUID();
    const turn = {
      id: turnId,
      chatId,
      triggerItemId: item.triggerItemId,
      restartsItemId: item.itemId,
      leaseExpiresAt: leaseFromNow(),
    };
    const view = await loadItemView(tx, item.itemId);
    const versions = [...(view.versions ?? []), keptVersion(view)];
    await writeChat(lock, {
      events: [
        { type: "item.versions", itemId: item.itemId, versions },
        { type: "turn.started", turnId },
      ],
      writes: [
        { kind: "keepVersion", version: { itemId: item.itemId } },
        { kind: "regeneration", turn },
      ],
      chat: { activeTurnId: turnId },
    });
    return { turnId };
  });
}
