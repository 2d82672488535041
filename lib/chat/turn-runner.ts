import "server-only";
import { db } from "@/lib/db/client";
import { appConfig } from "@/lib/config";
import type { Agent } from "@/lib/agent/agent";
import { chatAgent } from "@/lib/agent";
import { contentParts, diffParts } from "./content";
import { answerHostRoute, type RouteReply } from "./host-routes";
import { appendEvents, lockChat, nextPosition, toItemView } from "./store";
import { dispatchNextQueued } from "./turn-start";
import { type ChatEvent, type Part, readOrigin } from "./view";

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
    const origin = readOrigin(trigger.origin);
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

// Chunks arriving faster than this are written together: one transaction and one event per
// interval, however fast the agent streams.
const WRITE_INTERVAL_MS = 50;
// A reply is at most what the content envelope allows; Markdown replies get the same bound.
const MAX_REPLY_CHARACTERS = 262_144;
// A silent or endless agent must not hold the chat: the turn fails before the route's 300 s limit.
const MAX_TURN_MS = 240_000;

/** Streams the agent's reply into the item, then ends the turn and starts the next queued one. */
async function runTurn(claim: Claim, chatAgentForTurn: Agent): Promise<void> {
  const agent = claim.route ? replyWith(claim.route.content) : chatAgentForTurn;
  const stop = new AbortController();
  let recovered = false;
  let outcome: "finished" | "failed" = "finished";
  const halt = (reason: "recovered" | "failed") => {
    if (reason === "recovered") recovered = true;
    else outcome = "failed";
    stop.abort();
  };
  const heartbeat = setInterval(() => void renewLease(claim, () => halt("recovered")), Math.max(250, appConfig().turnLeaseMs / 3));
  const deadline = setTimeout(() => halt("failed"), MAX_TURN_MS);
  const writer = new DeltaWriter(claim, () => halt("recovered"));
  let content = "";
  try {
    for await (const chunk of agent.reply({ chatId: claim.chatId, history: claim.history, message: claim.message, signal: stop.signal })) {
      if (stop.signal.aborted) break;
      if (content.length + chunk.length > MAX_REPLY_CHARACTERS) {
        halt("failed");
        break;
      }
      content += chunk;
      writer.push(content);
    }
  } catch (error) {
    if (!stop.signal.aborted) {
      console.error("Agent reply failed", error);
      outcome = "failed";
    }
  } finally {
    clearInterval(heartbeat);
    clearTimeout(deadline);
    await writer.close();
  }
  // A turn declared dead (its lease lapsed and it was recovered) writes nothing more.
  if (!recovered) await endTurn(claim, content, outcome);
}

/**
 * Writes a streaming reply's growth, coalesced to one write per interval, one write at a time.
 * A failed write is logged and the next one catches up from what was last written; the final
 * write of the turn stores the whole reply in any case.
 */
class DeltaWriter {
  private written: Part[] = [];
  private latest: string | null = null;
  private chain: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastWrite = 0;

  constructor(
    private readonly claim: Claim,
    private readonly onStopped: () => void,
  ) {}

  push(content: string): void {
    this.latest = content;
    if (this.timer) return;
    const wait = Math.max(0, this.lastWrite + WRITE_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.chain = this.chain
        .then(() => this.write())
        .catch((error: unknown) => console.error("Reply delta write failed; the next write catches up", error));
    }, wait);
  }

  /** Waits for the write in flight; what is still pending is left to the final write of the turn. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  private async write(): Promise<void> {
    const content = this.latest;
    this.latest = null;
    if (content === null) return;
    this.lastWrite = Date.now();
    // Decoding the reply is linear in its length, so it happens once per write, not per chunk.
    const parts = contentParts(content, { final: false });
    const events = diffParts(this.claim.itemId, this.written, parts);
    if (events.length === 0) return;
    if (!(await writeDelta(this.claim, content, parts, events))) return this.onStopped();
    this.written = parts;
  }
}

function replyWith(content: string): Agent {
  return {
    async *reply() {
      yield content;
    },
  };
}

async function writeDelta(claim: Claim, content: string, parts: Part[], events: ChatEvent[]): Promise<boolean> {
  return db().$transaction(async (tx) => {
    await lockChat(tx, { chatId: claim.chatId });
    // Renewing the lease doubles as the check that the turn was not recovered meanwhile.
    const { count } = await tx.turn.updateMany({ where: { id: claim.turnId, status: "running" }, data: { leaseExpiresAt: leaseFromNow() } });
    if (count === 0) return false;
    await tx.item.update({ where: { id: claim.itemId }, data: { content, parts } });
    await appendEvents(tx, claim.chatId, events);
    return true;
  });
}

async function renewLease(claim: Claim, onLost: () => void): Promise<void> {
  try {
    const { count } = await db().turn.updateMany({
      where: { id: claim.turnId, status: "running" },
      data: { leaseExpiresAt: leaseFromNow() },
    });
    if (count === 0) onLost();
  } catch (error) {
    console.error("Turn lease renewal failed", error);
  }
}

async function endTurn(claim: Claim, content: string, outcome: "finished" | "failed"): Promise<void> {
  await db().$transaction(async (tx) => {
    await lockChat(tx, { chatId: claim.chatId });
    const ended = await tx.turn.updateMany({ where: { id: claim.turnId, status: "running" }, data: { status: outcome, endedAt: new Date() } });
    if (ended.count === 0) return;
    const parts = contentParts(content, { final: true });
    const item = await tx.item.update({
      where: { id: claim.itemId },
      data: { content, parts, status: outcome === "finished" ? "complete" : "failed", completedAt: new Date() },
    });
    if (claim.route && outcome === "finished") {
      await tx.deterministicGrant.createMany({ data: claim.route.grants.map((grant) => ({ itemId: claim.itemId, ...grant })) });
    }
    await tx.chat.update({ where: { id: claim.chatId }, data: { activeTurnId: null } });
    const next = await dispatchNextQueued(tx, claim.chatId);
    await appendEvents(tx, claim.chatId, [
      { type: "item.completed", item: toItemView(item) },
      { type: "turn.ended", turnId: claim.turnId, status: outcome },
      ...next,
    ]);
  });
}
