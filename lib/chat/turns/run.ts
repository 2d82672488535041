import "server-only";
import { type Agent, type AgentChunk, chatAgent, endReplyWith } from "@/lib/agent";
import { randomUUID } from "node:crypto";
import { appConfig } from "@/lib/config";
import { withAppRecord } from "../reply/app-records";
import { buildReply } from "../reply/build";
import { mcpAppPartSchema } from "../wire";
import { chatTransaction, lockChat } from "../store/chats";
import { writeChat } from "../store/log";
import { keepRunning, renewTurnLease, turnWaits } from "../store/turns";
import { toItemView } from "../store/views";
import { LIVE_SOURCES } from "@/lib/live-sources";
import { frozenLinks } from "@/lib/links/freeze";
import { takeFirstReadings } from "../readings/index";
import { type TurnOutcome } from "./end";
import { defaultHandOff, type HandOff } from "./hand-off";
import { withTurnSlot } from "./slots";
import { toStorableText } from "./storable";
import { END_RETRY_WINDOW_MS, storeEnd } from "./store-end";
import { claimTurn, type Claim } from "./claim";
import { ReplyWriter, type TurnState } from "./writer";

// Matches the content envelope's bound; Markdown replies get the same.
const MAX_REPLY_CHARACTERS = 262_144;
// A silent or endless agent must not hold the chat: the turn fails before the route's 300 s limit.
const MAX_TURN_MS = 240_000;
const DEADLINE_SENTENCE = "The reply took too long, so it stopped here. Try again.";

export type RunOptions = {
  /** Aborts when the turn has run too long (240 s by default). */
  turnDeadline?: () => AbortSignal;
};

/** Where the turns a trigger starts run: in this process, or each chat in an invocation of its own. */
export type RunsWhere = "here" | "own invocations";

/**
 * The one way work starts after a response. A route and a page call it through Next's `after`; a
 * watching stream, the self-hosted sweep and a finished turn whose chat has another waiting call it
 * directly. `own invocations` asks a fresh invocation per chat through the signed hand-off (decision
 * 010); where there is no server to ask (tests, scripts), or `here`, the chats run in this process.
 */
export async function startWaitingTurns(
  chatIds: Iterable<string>,
  where: RunsWhere,
  handOff: HandOff | null = defaultHandOff(),
): Promise<void> {
  const chats = [...new Set(chatIds)];
  await Promise.all(
    chats.map((chatId) =>
      where === "own invocations" && handOff ? handOff(chatId) : runChat(chatId),
    ),
  );
}

/** Safe to call concurrently: only the claim's winner runs. With `handOff` the next turn goes to a fresh invocation (decision 010). */
export async function runChat(
  chatId: string,
  agent: Agent = chatAgent(),
  handOff: HandOff | null = defaultHandOff(),
  { turnDeadline = () => AbortSignal.timeout(MAX_TURN_MS) }: RunOptions = {},
): Promise<void> {
  const waiting = await withTurnSlot(async () => {
    for (;;) {
      // Null too when the chat was deleted meanwhile.
      const claim = await claimTurn(chatId);
      if (!claim) return false;
      if (!(await runTurn(claim, agent, turnDeadline()))) return false;
      if (handOff) return true;
    }
  });
  // The next turn runs in another invocation, so the hand-off waits for no slot here.
  if (waiting && handOff) await startWaitingTurns([chatId], "own invocations", handOff);
}

/** True when a turn waits after its end; at the deadline the agent is aborted and the reply fails, saying why. */
async function runTurn(
  claim: Claim,
  chatAgentForTurn: Agent,
  deadline: AbortSignal,
): Promise<boolean> {
  const agent = claim.route ? replyWith(claim.route.content) : chatAgentForTurn;
  const stop = new AbortController();
  let recovered = false;
  let outcome: TurnOutcome = "finished";
  let ending: string | undefined;
  let streaming = true;
  const halt = (reason: "recovered" | "failed" | "stopped", sentence?: string) => {
    if (reason === "recovered") recovered = true;
    // A write failing after the agent finished does not fail the reply: its end stores it whole.
    else if (reason === "stopped" || streaming) [outcome, ending] = [reason, sentence];
    stop.abort();
  };
  const onState = (state: Exclude<TurnState, "running">) =>
    halt(state === "stop" ? "stopped" : "recovered");
  const onDeadline = () => halt("failed", DEADLINE_SENTENCE);
  if (deadline.aborted) onDeadline();
  else deadline.addEventListener("abort", onDeadline, { once: true });
  const writer = new ReplyWriter(claim, onState, () => halt("failed"));
  let content = "";
  let finished = false;
  // The lease is renewed until the reply is stored, and never after: not even when storing throws.
  const heartbeat = setInterval(
    () => void renewLease(claim, onState),
    Math.max(250, appConfig().turnLeaseMs / 3),
  );
  try {
    try {
      for await (const chunk of agent.reply({
        chatId: claim.chatId,
        history: claim.history,
        message: claim.message,
        signal: stop.signal,
      })) {
        if (stop.signal.aborted) break;
        if (chunk.type === "subagent") {
          if (!(await writeSubagentReply(claim, chunk))) halt("recovered");
          continue;
        }
        const next =
          chunk.type === "mcp-app"
            ? withAppRecord(content, mcpAppPartSchema.parse({ kind: "mcp-app", ...chunk.call }))
            : content + chunk.text;
        if (next.length > MAX_REPLY_CHARACTERS) {
          halt("failed");
          break;
        }
        content = next;
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
      deadline.removeEventListener("abort", onDeadline);
      await writer.close();
    }
    if (ending) content = endReplyWith(content, ending);
    // A recovered turn writes nothing more, unless its agent finished: that end is stored late.
    // Whoever ended it (recovery, or a Stop) may have started the next queued message: look.
    return !recovered || (finished && outcome === "finished")
      ? await finishReply(claim, toStorableText(content, { final: true }), outcome)
      : await turnWaits(claim.chatId);
  } finally {
    clearInterval(heartbeat);
  }
}

/** First readings are taken outside any lock (seconds); one that throws costs the reply them, never its end. */
async function finishReply(claim: Claim, content: string, outcome: TurnOutcome): Promise<boolean> {
  const built = buildReply(content, { itemId: claim.itemId, final: true });
  const read = () =>
    takeFirstReadings(built.blocks, LIVE_SOURCES, claim).catch(
      (error: unknown) => (console.error("First readings failed", error), null),
    );
  const first = outcome === "finished" ? await read() : null;
  return storeEnd(
    { ...claim, content, built, first, outcome, grants: claim.route?.grants },
    Date.now() + END_RETRY_WINDOW_MS,
  );
}

function replyWith(content: string): Agent {
  return {
    async *reply() {
      yield { type: "text", text: content };
    },
  };
}

/** Its own item, complete at once and marked with its tool call; its blocks are never answerable. */
async function writeSubagentReply(
  claim: Claim,
  chunk: Extract<AgentChunk, { type: "subagent" }>,
): Promise<boolean> {
  return chatTransaction(async (tx) => {
    const lock = await lockChat(tx, { chatId: claim.chatId });
    if (!(await keepRunning(lock, claim.turnId))) return false;
    const content = toStorableText(chunk.content, { final: true });
    const id = randomUUID();
    const built = buildReply(content, { itemId: id, final: true, revision: 1 });
    const item = {
      id,
      chatId: claim.chatId,
      position: lock.chat.lastPosition + 1,
      turnId: claim.turnId,
      parentToolUseId: chunk.parentToolUseId,
      content,
      parts: built.parts,
      blocks: built.blocks,
      links: frozenLinks(built.blocks),
      completedAt: new Date(),
    };
    const view = toItemView({
      ...item,
      role: "assistant",
      status: "complete",
      revision: 1,
      origin: null,
      createdAt: item.completedAt,
    });
    await writeChat(lock, {
      events: [{ type: "item.created", item: view }],
      writes: [{ kind: "subagentReply", item }],
      chat: { lastPosition: item.position },
    });
    return true;
  });
}

async function renewLease(
  claim: Claim,
  onState: (state: Exclude<TurnState, "running">) => void,
): Promise<void> {
  try {
    const state = await renewTurnLease(claim.turnId);
    if (state !== "running") onState(state);
  } catch (error) {
    console.error("Turn lease renewal failed", error);
  }
}
