import "server-only";
import type { Tx } from "@/lib/db/client";
import type { Grant } from "../answers/host-routes";
import { frozenLinks } from "@/lib/links/freeze";
import { freezeFirstReadings, type FirstReadings } from "../readings/index";
import type { DrawnReply } from "../reply/draw";
import { appendEvents, loadItemView } from "../store";
import type { ChatEvent } from "../wire";
import { compactStreamedEvents } from "./snapshots";
import { dispatchNextQueued } from "./start";

export type TurnOutcome = "finished" | "failed" | "interrupted" | "stopped";

const ITEM_STATUS = { finished: "complete", failed: "failed", interrupted: "interrupted", stopped: "stopped" } as const;

type Ending = {
  chatId: string;
  turnId: string;
  itemId: string;
  /** The whole reply as it stands: everything the agent wrote, or what was stored before its process died. */
  content: string;
  /** The reply compiled as final (`drawReply(content, { final: true })`), done before the lock is taken. */
  drawn: DrawnReply;
  /** The first reading of each block's live queries, the rights they ran with and the fallbacks drawn with them, taken before the lock is taken. */
  first?: FirstReadings | null;
  outcome: TurnOutcome;
  /** A host route's grants, recorded only when its reply finished. */
  grants?: readonly Grant[];
};

/**
 * The one place a turn ends, whether its agent finished, failed or was stopped, or its process died. Under the
 * chat lock (the caller holds it): the reply's final blocks are stored with the next revision and
 * their frozen first readings, the turn is released, and the oldest queued message starts. Returns
 * whether the turn was still running (false: someone else ended it first, nothing was written)
 * and whether another turn now waits to be driven.
 */
export async function endTurn(tx: Tx, ending: Ending): Promise<{ ended: boolean; next: boolean }> {
  const { chatId, turnId, itemId, outcome } = ending;
  // The turn ends if it still runs, and says what revision its reply is at and where the chat's
  // items end (the lock keeps both), in one statement.
  const [ended] = await tx.$queryRaw<{ revision: number; lastPosition: number }[]>`
    UPDATE "Turn" SET "status" = ${outcome}::"TurnStatus", "endedAt" = ${new Date()}
    WHERE "id" = ${turnId}::uuid AND "status" = 'running'
    RETURNING (SELECT "revision" FROM "Item" WHERE "id" = ${itemId}::uuid) AS "revision",
      (SELECT "lastPosition" FROM "Chat" WHERE "id" = ${chatId}::uuid) AS "lastPosition"`;
  if (!ended) return { ended: false, next: false };
  await storeFinalReply(tx, ending, ended.revision);
  // The oldest queued message starts the next turn, which takes the chat; without one, none runs.
  const next = await dispatchNextQueued(tx, { id: chatId, lastPosition: ended.lastPosition });
  const events: ChatEvent[] = [{ type: "item.completed", item: await loadItemView(tx, itemId) }, { type: "turn.ended", turnId, status: outcome }, ...next];
  await appendEvents(tx, chatId, events, [], next.length > 0 ? {} : { chat: { activeTurnId: null } });
  return { ended: true, next: next.length > 0 };
}

/**
 * A reply its agent finished after recovery had ended its turn as interrupted: the lease lapsed
 * while the database was out of reach, and a reader healed the chat before this process could
 * store the end. The whole reply replaces the partial one, so no finished reply is lost; the chat
 * and its queue stay as recovery left them. Nothing is written if the turn was ended otherwise
 * (its lease was live) or a retry has begun writing the item again. The caller holds the lock.
 */
export async function completeInterruptedReply(tx: Tx, ending: Ending): Promise<boolean> {
  const turn = await tx.turn.findUnique({ where: { id: ending.turnId }, select: { status: true, endedAt: true, leaseExpiresAt: true } });
  const recovered = turn?.status === "interrupted" && turn.endedAt !== null && turn.leaseExpiresAt < turn.endedAt;
  const item = await tx.item.findUnique({ where: { id: ending.itemId }, select: { turnId: true, status: true, revision: true } });
  if (!recovered || item?.turnId !== ending.turnId || item.status !== "interrupted") return false;
  await tx.turn.update({ where: { id: ending.turnId }, data: { status: ending.outcome } });
  await storeFinalReply(tx, ending, item.revision);
  await appendEvents(tx, ending.chatId, [{ type: "item.completed", item: await loadItemView(tx, ending.itemId) }]);
  return true;
}

/**
 * The reply's final blocks, stored with the revision after `previous` and their frozen first
 * readings. The events it streamed are deleted in the same statement: the caller appends its
 * `item.completed`, which carries it whole.
 */
async function storeFinalReply(tx: Tx, ending: Ending, previous: number): Promise<void> {
  const { chatId, turnId, itemId, content, outcome, grants } = ending;
  const revision = previous + 1;
  const compiled = ending.drawn.blocks.map((block) => ({ ...block, revision }));
  const blocks = await freezeFirstReadings(tx, { itemId, revision, blocks: compiled, first: ending.first ?? null });
  const links = frozenLinks(blocks, ending.first?.readings);
  await tx.$executeRaw`
    WITH ${compactStreamedEvents({ chatId, turnId, itemId })}
    UPDATE "Item" SET "content" = ${content}, "parts" = ${JSON.stringify(ending.drawn.parts)}::jsonb, "blocks" = ${JSON.stringify(blocks)}::jsonb, "links" = ${JSON.stringify(links)}::jsonb,
      "revision" = ${revision}, "status" = ${ITEM_STATUS[outcome]}::"ItemStatus", "completedAt" = ${new Date()}, "snapshotSeq" = NULL
    WHERE "id" = ${itemId}::uuid`;
  if (grants?.length && outcome === "finished") {
    await tx.deterministicGrant.createMany({ data: grants.map((grant) => ({ itemId, ...grant })), skipDuplicates: true });
  }
}
