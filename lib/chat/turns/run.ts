import "server-only";
import { type Agent, type AgentChunk, chatAgent } from "@/lib/agent";
import { Prisma } from "@/lib/db/generated/client";
import { db } from "@/lib/db/client";
import { appConfig } from "@/lib/config";
import { AppError } from "@/lib/http/errors";
import { answerHostRoute, type RouteReply } from "../host-routes";
import { drawReply, replyHistoryText } from "../reply";
import { appendEvents, lockChat, nextPosition, toItemView } from "../store";
import { readOrigin, storedBlocksSchema } from "../wire";
import { LIVE_SOURCES } from "@/lib/live-sources";
import { takeFirstReadings } from "../readings";
import { type TurnOutcome } from "./end";
import { defaultHandOff, type HandOff } from "./hand-off";
import { withTurnSlot } from "./slots";
import { storableText } from "./storable";
import { END_RETRY_WINDOW_MS, storeEnd } from "./store-end";
import { leaseFromNow, renewTurnLease, ReplyWriter, type TurnState } from "./writer";

type Claim = {
  chatId: string;
  /** The chat's owner: live sources authorise the first readings of the reply's blocks for them. */
  visitorId: string;
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

// A reply is at most what the content envelope allows; Markdown replies get the same bound.
const MAX_REPLY_CHARACTERS = 262_144;
// A silent or endless agent must not hold the chat: the turn fails before the route's 300 s limit.
const MAX_TURN_MS = 240_000;

/**
 * Runs the chat's waiting turn. Safe to call from several places at once: a turn is claimed by
 * binding its reply item under the chat lock, and only the caller that claims it runs it. With a
 * `handOff` (the default inside the Next server) the next queued turn goes to a fresh invocation
 * (decision 010); without one (tests, scripts) the whole queue runs here, after a turn slot frees.
 */
export async function driveChat(chatId: string, agent: Agent = chatAgent(), handOff: HandOff | null = defaultHandOff()): Promise<void> {
  const ran = await withTurnSlot(async () => {
    for (;;) {
      const claim = await claimTurn(chatId).catch((error: unknown) => {
        // A chat deleted meanwhile has nothing left to run.
        if (error instanceof AppError && error.code === "chat-not-found") return null;
        throw error;
      });
      if (!claim) return false;
      await runTurn(claim, agent);
      if (handOff) return true;
    }
  });
  // The hand-off waits for no slot of this process: the next turn runs in another invocation.
  if (ran && handOff) await handOff(chatId);
}

async function claimTurn(chatId: string): Promise<Claim | null> {
  return db().$transaction(async (tx) => {
    const chat = await lockChat(tx, { chatId });
    if (!chat.activeTurnId) return null;
    const turn = await tx.turn.findUniqueOrThrow({ where: { id: chat.activeTurnId } });
    if (turn.status !== "running" || turn.replyItemId) return null;
    const trigger = await tx.item.findUniqueOrThrow({ where: { id: turn.triggerItemId } });
    const earlier = await tx.item.findMany({
      where: { chatId, position: { lt: trigger.position }, parentToolUseId: null },
      orderBy: { position: "asc" },
      select: { role: true, content: true, blocks: true },
    });
    // The empty reply is its first snapshot; its streamed events all come after this point of the log.
    const replyData = { status: "streaming" as const, content: "", parts: [], turnId: turn.id, completedAt: null, snapshotSeq: chat.lastEventSeq };
    // A regenerate or retry writes the same reply item again; its blocks get the next revision.
    const reply = turn.restartsItemId
      ? await tx.item.update({ where: { id: turn.restartsItemId }, data: { ...replyData, blocks: Prisma.DbNull } })
      : await tx.item.create({ data: { chatId, position: await nextPosition(tx, chatId), role: "assistant", ...replyData } });
    await tx.turn.update({ where: { id: turn.id }, data: { replyItemId: reply.id, leaseExpiresAt: leaseFromNow(), replyFromSeq: chat.lastEventSeq } });
    await appendEvents(tx, chatId, [{ type: turn.restartsItemId ? "item.restarted" : "item.created", item: toItemView(reply) }]);
    const origin = readOrigin(trigger.origin);
    // A confirmation's outcome is the host's own report; a pick needs the preamble to be read as one.
    const message = origin && origin.kind !== "confirmation" ? `${CHOICE_PREAMBLE(origin.label)}\n\n${trigger.content}` : trigger.content;
    // Host routes answer what a person typed, or an alias their grant authorised; never text a
    // model-authored choice put in their mouth.
    const route = origin === null || (origin.kind === "frame" && origin.granted) ? answerHostRoute(trigger.content) : null;
    const history = earlier.map((item) => ({
      role: item.role,
      content: item.role === "assistant" ? replyHistoryText(item.content, storedBlocksSchema.parse(item.blocks ?? [])) : item.content,
    }));
    return { chatId, visitorId: chat.visitorId, turnId: turn.id, itemId: reply.id, message, route, history };
  });
}

/** Streams the agent's reply into the item, then ends the turn, which starts the next queued one. */
async function runTurn(claim: Claim, chatAgentForTurn: Agent): Promise<void> {
  const agent = claim.route ? replyWith(claim.route.content) : chatAgentForTurn;
  const stop = new AbortController();
  let recovered = false;
  let outcome: TurnOutcome = "finished";
  let streaming = true;
  const halt = (reason: "recovered" | "failed" | "stopped") => {
    if (reason === "recovered") recovered = true;
    // A write failing after the agent finished does not fail the reply: its end stores it whole.
    else if (reason === "stopped" || streaming) outcome = reason;
    stop.abort();
  };
  const onState = (state: Exclude<TurnState, "running">) => halt(state === "stop" ? "stopped" : "recovered");
  const heartbeat = setInterval(() => void renewLease(claim, onState), Math.max(250, appConfig().turnLeaseMs / 3));
  const deadline = setTimeout(() => halt("failed"), MAX_TURN_MS);
  const writer = new ReplyWriter(claim, onState, () => halt("failed"));
  let content = "";
  let finished = false;
  try {
    for await (const chunk of agent.reply({ chatId: claim.chatId, history: claim.history, message: claim.message, signal: stop.signal })) {
      if (stop.signal.aborted) break;
      if (chunk.type === "subagent") {
        if (!(await writeSubagentReply(claim, chunk))) halt("recovered");
        continue;
      }
      if (content.length + chunk.text.length > MAX_REPLY_CHARACTERS) {
        halt("failed");
        break;
      }
      content += chunk.text;
      writer.push(content);
    }
    finished = !stop.signal.aborted;
  } catch (error) {
    if (!stop.signal.aborted) {
      console.error("Agent reply failed", error);
      outcome = "failed";
    }
  } finally {
    streaming = false;
    clearTimeout(deadline);
    await writer.close();
  }
  // A turn recovered meanwhile writes nothing more, unless its agent finished: that end is stored late.
  if (!recovered || (finished && outcome === "finished")) await finishReply(claim, storableText(content, { final: true }), outcome);
  clearInterval(heartbeat);
}

/**
 * Compiles the finished reply once and, for a reply that finished, takes the first reading of its
 * blocks' live queries: outside any transaction and lock (a read may take seconds), while the
 * reply still counts as streaming so its choices stay closed. Then the end is stored: readings
 * that throw (a block out of its budget) cost the reply its frozen readings, never its end.
 */
async function finishReply(claim: Claim, content: string, outcome: TurnOutcome): Promise<void> {
  const drawn = drawReply(content, { itemId: claim.itemId, final: true });
  const read = () => takeFirstReadings(drawn.blocks, LIVE_SOURCES, claim).catch((error: unknown) => (console.error("First readings failed", error), []));
  const readings = outcome === "finished" ? await read() : [];
  await storeEnd({ ...claim, content, drawn, readings, outcome, grants: claim.route?.grants }, Date.now() + END_RETRY_WINDOW_MS);
}

function replyWith(content: string): Agent {
  return {
    async *reply() {
      yield { type: "text", text: content };
    },
  };
}

/**
 * A subagent's reply becomes an item of its own, complete at once and marked with the tool call
 * it answered: it draws beside the reply, and its blocks are never answerable.
 */
async function writeSubagentReply(claim: Claim, chunk: Extract<AgentChunk, { type: "subagent" }>): Promise<boolean> {
  return db().$transaction(async (tx) => {
    await lockChat(tx, { chatId: claim.chatId });
    const { count } = await tx.turn.updateMany({ where: { id: claim.turnId, status: "running" }, data: { leaseExpiresAt: leaseFromNow() } });
    if (count === 0) return false;
    const position = await nextPosition(tx, claim.chatId);
    const item = await tx.item.create({
      data: { chatId: claim.chatId, position, role: "assistant", status: "complete", parentToolUseId: chunk.parentToolUseId, turnId: claim.turnId, completedAt: new Date() },
    });
    const content = storableText(chunk.content, { final: true });
    // A subagent's reply is final at once: revision 1, and no first readings (it is never answered).
    const drawn = drawReply(content, { itemId: item.id, final: true, revision: 1 });
    const stored = await tx.item.update({
      where: { id: item.id },
      data: { content, parts: drawn.parts, blocks: drawn.blocks as unknown as Prisma.InputJsonValue, revision: 1 },
    });
    await appendEvents(tx, claim.chatId, [{ type: "item.created", item: toItemView(stored) }]);
    return true;
  });
}

async function renewLease(claim: Claim, onState: (state: Exclude<TurnState, "running">) => void): Promise<void> {
  try {
    const state = await renewTurnLease(db(), claim.turnId);
    if (state !== "running") onState(state);
  } catch (error) {
    console.error("Turn lease renewal failed", error);
  }
}
