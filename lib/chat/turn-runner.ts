import "server-only";
import { db, type Tx } from "@/lib/db/client";
import { appConfig } from "@/lib/config";
import type { Agent } from "@/lib/agent/agent";
import { chatAgent } from "@/lib/agent";
import { contentParts, diffParts } from "./content";
import { answerHostRoute, type RouteReply } from "./host-routes";
import { appendEvents, lockChat, nextPosition, toItemView } from "./store";
import { dispatchNextQueued } from "./turn-start";
import { type Part, originSchema } from "./view";

type Claim = {
  chatId: string;
  turnId: string;
  itemId: string;
  /** What the agent is asked to answer (with the preamble of a picked choice). */
  message: string;
  /** The host route that answers this turn instead of the agent, if any. */
  route: RouteReply | null;
  history: { role: "user" | "assistant"; content: string }[];
};

const CHOICE_PREAMBLE = (label: string) =>
  `The person chose "${label}" from your UI reply; their message is the visible context of that choice.`;

/**
 * Runs every turn the chat has waiting, one after another, until its queue is empty. Safe to call
 * from several places at once: a turn is claimed by creating its reply item under the chat lock,
 * and only the caller that claims it runs it.
 */
export async function driveChat(chatId: string, agent: Agent = chatAgent()): Promise<void> {
  for (;;) {
    const claim = await claimTurn(chatId);
    if (!claim) return;
    await runTurn(claim, agent);
  }
}

async function claimTurn(chatId: string): Promise<Claim | null> {
  return db().$transaction(async (tx) => {
    const chat = await lockChat(tx, { chatId });
    if (!chat.activeTurnId) return null;
    const turn = await tx.turn.findUniqueOrThrow({ where: { id: chat.activeTurnId } });
    if (turn.status !== "running" || turn.replyItemId) return null;
    const trigger = await tx.item.findUniqueOrThrow({ where: { id: turn.triggerItemId } });
    const history = await tx.item.findMany({
      where: { chatId, position: { lt: trigger.position }, parentToolUseId: null },
      orderBy: { position: "asc" },
      select: { role: true, content: true },
    });
    const reply = await tx.item.create({
      data: { chatId, position: await nextPosition(tx, chatId), role: "assistant", status: "streaming", turnId: turn.id },
    });
    await tx.turn.update({ where: { id: turn.id }, data: { replyItemId: reply.id, leaseExpiresAt: leaseFromNow() } });
    await appendEvents(tx, chatId, [{ type: "item.created", item: toItemView(reply) }]);
    const origin = originSchema.nullable().parse(trigger.origin);
    const message = origin && "label" in origin ? `${CHOICE_PREAMBLE(origin.label)}\n\n${trigger.content}` : trigger.content;
    // Host routes answer what a person typed, or an alias their grant authorised; never text a
    // model-authored choice put in their mouth.
    const route = origin === null || (origin.kind === "frame" && origin.granted) ? answerHostRoute(trigger.content) : null;
    return { chatId, turnId: turn.id, itemId: reply.id, message, route, history };
  });
}

function leaseFromNow(): Date {
  return new Date(Date.now() + appConfig().turnLeaseMs);
}

/** Streams the agent's reply into the item, then ends the turn and starts the next queued one. */
async function runTurn(claim: Claim, chatAgentForTurn: Agent): Promise<void> {
  const agent = claim.route ? replyWith(claim.route.content) : chatAgentForTurn;
  const abort = new AbortController();
  const heartbeat = setInterval(() => void renewLease(claim, abort), Math.max(250, appConfig().turnLeaseMs / 3));
  let content = "";
  let parts: Part[] = [];
  let outcome: "finished" | "failed" = "finished";
  try {
    for await (const chunk of agent.reply({ chatId: claim.chatId, history: claim.history, message: claim.message, signal: abort.signal })) {
      content += chunk;
      const next = contentParts(content, { final: false });
      const events = diffParts(claim.itemId, parts, next);
      parts = next;
      if (events.length === 0) continue;
      const alive = await writeDelta(claim, content, parts, events);
      if (!alive) {
        abort.abort();
        return;
      }
    }
  } catch (error) {
    console.error("Agent reply failed", error);
    outcome = "failed";
  } finally {
    clearInterval(heartbeat);
  }
  if (!abort.signal.aborted) await endTurn(claim, content, outcome);
}

function replyWith(content: string): Agent {
  return {
    async *reply() {
      yield content;
    },
  };
}

async function turnStillRunning(tx: Tx, turnId: string): Promise<boolean> {
  const turn = await tx.turn.findUnique({ where: { id: turnId }, select: { status: true } });
  return turn?.status === "running";
}

async function writeDelta(claim: Claim, content: string, parts: Part[], events: Parameters<typeof appendEvents>[2]) {
  return db().$transaction(async (tx) => {
    await lockChat(tx, { chatId: claim.chatId });
    // A turn recovered as interrupted while this process stalled must not write any further.
    if (!(await turnStillRunning(tx, claim.turnId))) return false;
    await tx.item.update({ where: { id: claim.itemId }, data: { content, parts } });
    await tx.turn.update({ where: { id: claim.turnId }, data: { leaseExpiresAt: leaseFromNow() } });
    await appendEvents(tx, claim.chatId, events);
    return true;
  });
}

async function renewLease(claim: Claim, abort: AbortController): Promise<void> {
  try {
    const { count } = await db().turn.updateMany({
      where: { id: claim.turnId, status: "running" },
      data: { leaseExpiresAt: leaseFromNow() },
    });
    if (count === 0) abort.abort();
  } catch (error) {
    console.error("Turn lease renewal failed", error);
  }
}

async function endTurn(claim: Claim, content: string, outcome: "finished" | "failed"): Promise<void> {
  await db().$transaction(async (tx) => {
    await lockChat(tx, { chatId: claim.chatId });
    if (!(await turnStillRunning(tx, claim.turnId))) return;
    const parts = contentParts(content, { final: true });
    const item = await tx.item.update({
      where: { id: claim.itemId },
      data: { content, parts, status: outcome === "finished" ? "complete" : "failed", completedAt: new Date() },
    });
    if (claim.route && outcome === "finished") {
      await tx.deterministicGrant.createMany({ data: claim.route.grants.map((grant) => ({ itemId: claim.itemId, ...grant })) });
    }
    await tx.turn.update({ where: { id: claim.turnId }, data: { status: outcome, endedAt: new Date() } });
    await tx.chat.update({ where: { id: claim.chatId }, data: { activeTurnId: null } });
    await appendEvents(tx, claim.chatId, [
      { type: "item.completed", item: toItemView(item) },
      { type: "turn.ended", turnId: claim.turnId, status: outcome },
    ]);
    await dispatchNextQueued(tx, claim.chatId);
  });
}
