// Test support: a chat's log as a reader that followed it live saw it, streamed events included.
import { findStarter } from "@/lib/agent/starters";
import { buildReply } from "@/lib/chat/reply/build";
import { readEventPage } from "@/lib/chat/store/events";
import { storeEnd } from "@/lib/chat/turns/store-end";
import { chatEventSchema, type ChatEvent } from "@/lib/chat/wire";
import { streamingReply } from "@/scripts/test/streaming";

export type LoggedEvent = { seq: number; event: ChatEvent };

export async function readLog(chatId: string, after = 0): Promise<LoggedEvent[]> {
  const rows = await readEventPage(chatId, after, 1_000);
  return rows.map((row) => ({ seq: row.seq, event: chatEventSchema.parse(row.data) }));
}

/**
 * The mock agent's reply to `prompt`, written in pieces of `size` characters by a running turn's
 * writer. Its streamed events are read before the reply ends, since its end compacts them away.
 */
export async function recordedReply(prompt: string, size = 24) {
  const text = findStarter(prompt)!.scenario.reply();
  const reply = await streamingReply(prompt);
  const streamed: LoggedEvent[] = [];
  for (let end = size; end < text.length + size; end += size) {
    reply.writer.push(text.slice(0, end));
    await reply.advance(1_000);
    streamed.push(...(await readLog(reply.chatId, streamed.at(-1)?.seq ?? 0)));
  }
  await reply.writer.close();
  const built = buildReply(text, { itemId: reply.itemId, final: true });
  await storeEnd({ ...reply, content: text, built, first: null, outcome: "finished" }, Date.now());
  const ended = await readLog(reply.chatId, streamed.at(-1)!.seq);
  return { ...reply, text, log: [...streamed, ...ended] };
}
