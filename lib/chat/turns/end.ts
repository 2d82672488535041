import "server-only";
import type { Grant } from "./host-routes";
import { frozenLinks } from "@/lib/links/freeze";
import { freezeFirstReadings, type FirstReadings } from "../readings/index";
import type { BuiltReply } from "../reply/build";
import type { ChatLock } from "../store/chats";
import { storeFinalItem } from "../store/items";
import { writeChat } from "../store/log";
import { recordGrants } from "../store/selections";
import { endRunningTurn, findEndedTurn, setTurnOutcome } from "../store/turns";
import type { ChatEvent, ItemView } from "../wire";
import { dispatchNextQueued } from "./start";

export type TurnOutcome = "finished" | "failed" | "interrupted" | "stopped";

const ITEM_STATUS = {
  finished: "complete",
  failed: "failed",
  interrupted: "interrupted",
  stopped: "stopped",
} as const;

type Ending = {
  chatId: string;
  turnId: string;
  itemId: string;
  /** Everything the agent wrote, or what was stored before its process died. */
  content: string;
  /** Compiled before the lock is taken. */
  built: BuiltReply;
  /** Taken before the lock is taken. */
  first?: FirstReadings | null;
  outcome: TurnOutcome;
  /** Recorded only when its reply finished. */
  grants?: readonly Grant[];
};

/**
 * The one place a turn ends, under the chat lock; the oldest queued message starts. `ended` false:
 * someone else ended it first, nothing written; `next`: a turn waits.
 */
export async function endTurn(
  lock: ChatLock,
  ending: Ending,
): Promise<{ ended: boolean; next: boolean }> {
  const { turnId, itemId, outcome } = ending;
  const ended = await endRunningTurn(lock, { turnId, itemId, outcome });
  if (!ended) return { ended: false, next: false };
  const item = await storeFinalReply(lock, ending, ended.revision);
  const next = ended.queued ? await dispatchNextQueued(lock) : [];
  const events: ChatEvent[] = [
    { type: "item.completed", item },
    { type: "turn.ended", turnId, status: outcome },
    ...next,
  ];
  await writeChat(lock, { events, chat: next.length > 0 ? {} : { activeTurnId: null } });
  return { ended: true, next: next.length > 0 };
}

/**
 * An agent finished after recovery ended its turn as interrupted: the whole reply replaces the partial
 * one. Nothing is written if the turn ended otherwise or a retry is writing the item again.
 */
export async function completeInterruptedReply(lock: ChatLock, ending: Ending): Promise<boolean> {
  const { turn, item } = await findEndedTurn(lock, ending);
  const recovered =
    turn?.status === "interrupted" && turn.endedAt !== null && turn.leaseExpiresAt < turn.endedAt;
  if (!recovered || item?.turnId !== ending.turnId || item.status !== "interrupted") return false;
  await setTurnOutcome(lock, ending.turnId, ending.outcome);
  const completed = await storeFinalReply(lock, ending, item.revision);
  await writeChat(lock, { events: [{ type: "item.completed", item: completed }] });
  return true;
}

async function storeFinalReply(
  lock: ChatLock,
  ending: Ending,
  previous: number,
): Promise<ItemView> {
  const { turnId, itemId, content, outcome, grants } = ending;
  const revision = previous + 1;
  const compiled = ending.built.blocks.map((block) => ({ ...block, revision }));
  const blocks = await freezeFirstReadings(lock.tx, {
    itemId,
    revision,
    blocks: compiled,
    first: ending.first ?? null,
  });
  const links = frozenLinks(blocks, ending.first?.readings);
  const item = await storeFinalItem(lock, {
    turnId,
    itemId,
    content,
    parts: ending.built.parts,
    blocks,
    links,
    revision,
    status: ITEM_STATUS[outcome],
  });
  if (grants?.length && outcome === "finished") await recordGrants(lock, itemId, grants);
  return item;
}
