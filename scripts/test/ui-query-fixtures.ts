// Test support for live blocks: chats whose replies carry live blocks, and sources under a test's control.
import { randomUUID } from "node:crypto";
import type { Agent } from "@/lib/agent";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { db } from "@/lib/db/client";
import { choiceIdByLabel } from "@/scripts/test/block-fixtures";
import { LIVE_SOURCES, liveSourceMap, type LiveSources } from "@/lib/live-sources";
import { loadChatView } from "../../lib/chat/chats/chat-view";
import { createChat } from "../../lib/chat/chats/manage";
import { sendMessage } from "../../lib/chat/chats/send-message";
import { runChat } from "../../lib/chat/turns/run";
import type { ItemView } from "../../lib/chat/wire";
import { pickUiChoice } from "../../lib/chat/answers/ui-choice";
import { readUiQuery } from "../../lib/chat/answers/ui-query";

/** The demo's agent, answering at once. */
export const instant = createMockAgent({ deltaMs: 0 });

/** An agent whose every reply is `text`. */
export function replying(text: string): Agent {
  return {
    async *reply() {
      yield { type: "text", text };
    },
  };
}

/** A live block reading `ci.runs` of a branch (`$runs`), with `extra` queries of the same after it. */
export function liveBlockSource({ extra = 0 } = {}): string {
  const queries = Array.from(
    { length: extra },
    (_, index) => `$more${index} = @Query("ci.runs", {branch: "dev"})`,
  );
  return [
    "```ui",
    `$branch = "main"`,
    `$runs = @Query("ci.runs", {branch: $branch})`,
    ...queries,
    `<Summary>{$runs.failing} failing on {$branch}</Summary>`,
    `<Segmented value={$branch}><Option value="main">main</Option><Option value="dev">dev</Option><Option value="release">release</Option></Segmented>`,
    `<Choices><Choice context={"Failing on " + $branch + ": " + $runs.failing}>Report</Choice></Choices>`,
    "```",
  ].join("\n");
}

type ReadOptions = Parameters<typeof readUiQuery>[1];

/** One live block of a reply, with what a page does to it: read its `$runs` and pick a Choice. */
export function liveBlock(
  chat: { chatId: string; visitorId: string },
  reply: ItemView,
  blockId: string,
) {
  const block = reply.blocks[blockId]!;
  const target = { ...chat, itemId: reply.id, blockId, revision: reply.revision };
  return {
    ...target,
    block,
    frozen: reply.readings[blockId]?.["$runs"],
    read: (values: Record<string, unknown>, options?: ReadOptions) =>
      readUiQuery({ ...target, query: "$runs", values }, options),
    choose: (label: string, values: Record<string, unknown>, reads: Record<string, string>) =>
      pickUiChoice({ ...target, choiceId: choiceIdByLabel(block.nodes, label), values, reads }),
  };
}

/**
 * A chat of a new visitor where each message is answered by `agent` (the build triage by
 * default); its replies' live blocks, in order.
 */
export async function liveChat(
  messages: readonly string[] = ["Triage the failing build"],
  agent: Agent = instant,
) {
  const visitorId = randomUUID();
  const { chatId } = await createChat({ visitorId, message: messages[0]! });
  await runChat(chatId, agent);
  for (const text of messages.slice(1)) {
    await sendMessage({ visitorId, chatId, text });
    await runChat(chatId, agent);
  }
  const chat = { chatId, visitorId };
  const replies = (await loadChatView(chat)).items.filter((item) => item.role === "assistant");
  const blocks = replies.flatMap((reply) =>
    Object.keys(reply.blocks).map((blockId) => liveBlock(chat, reply, blockId)),
  );
  return { ...chat, replies, blocks };
}

/** A chat whose reply is the build triage: one live block of `ci.runs` on a branch. */
export async function triage() {
  const { replies, blocks } = await liveChat();
  return { ...blocks[0]!, reply: replies[0]! };
}

/** The block as the chat holds it now (after a regenerated reply, its new revision). */
export async function reloaded({
  chatId,
  visitorId,
  itemId,
  blockId,
}: {
  chatId: string;
  visitorId: string;
  itemId: string;
  blockId: string;
}) {
  const reply = (await loadChatView({ chatId, visitorId })).items.find(
    (item) => item.id === itemId,
  )!;
  return liveBlock({ chatId, visitorId }, reply, blockId);
}

/** A registry where `ci.runs` is replaced by a source under the test's control. */
export function withRuns(
  read: (args: { branch: string }, signal: AbortSignal) => Promise<unknown>,
): LiveSources {
  const base = LIVE_SOURCES.get("ci.runs")!;
  return liveSourceMap([
    {
      ...base,
      read: (args, { signal }) => read(args as { branch: string }, signal) as Promise<never>,
    },
  ]);
}

/**
 * `ci.runs` as a source that holds every read it starts until `release()`: a read under way,
 * with its pending row stored. `started(count)` settles once that many reads reached the source.
 */
export function heldRuns(answer: (args: { branch: string }) => unknown) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const sources = withRuns(async (args) => {
    count++;
    for (const waiter of waiting.filter((candidate) => candidate.count <= count)) waiter.resolve();
    await released;
    return answer(args);
  });
  const started = (atLeast: number) =>
    new Promise<void>((resolve) =>
      count >= atLeast ? resolve() : waiting.push({ count: atLeast, resolve }),
    );
  return { sources, release, started };
}

/**
 * `ci.runs` numbering its readings: each answers `failing: n` with a number no other reading has,
 * so the text a pick sends names the one reading it was resolved with. `held` holds its reads.
 */
export function numberedRuns() {
  let serial = 0;
  const answer = ({ branch }: { branch: string }) => {
    serial++;
    return { branch, window: serial, failing: serial, failedJobs: [], runs: [] };
  };
  return { sources: withRuns(async (args) => answer(args)), held: () => heldRuns(answer) };
}

/** The text a pick on this block sent, or queued behind a running reply. */
export async function pickedText({
  itemId,
  blockId,
}: {
  itemId: string;
  blockId: string;
}): Promise<string | null> {
  const answer = await db().uiAnswer.findFirst({
    where: { itemId, blockId },
    select: { messageId: true, queuedId: true },
  });
  if (answer?.queuedId != null)
    return (await db().queuedMessage.findUniqueOrThrow({ where: { id: answer.queuedId } })).text;
  if (!answer?.messageId) return null;
  const message = await db().item.findUniqueOrThrow({
    where: { id: answer.messageId },
    select: { content: true },
  });
  return message.content;
}
