// Test support: a chat's log as a reader that followed it live saw it, streamed events included.
import { findStarter } from "@/lib/agent/starters";
import { buildReply } from "@/lib/chat/reply/build";
import { readEventPage } from "@/lib/chat/store/events";
import { storeEnd } from "@/lib/chat/turns/store-end";
import { chatEventSchema, type ChatEvent } from "@/lib/chat/wire";
import { claimedReply, streamingReply } from "@/scripts/test/streaming";

export type LoggedEvent = { seq: number; event: ChatEvent };

export async function readLog(chatId: string, after = 0): Promise<LoggedEvent[]> {
  const rows = await readEventPage(chatId, after, 1_000);
  return rows.map((row) => ({ seq: row.seq, event: chatEventSchema.parse(row.data) }));
}

type Reply = Awaited<ReturnType<typeof claimedReply>>;

/** The mock agent's reply to a starter prompt, to be written in `pieces` by a running turn's writer. */
export function scriptedReply(reply: Reply, prompt: string, pieces: number) {
  const text = findStarter(prompt)!.scenario.reply();
  const size = Math.ceil(text.length / pieces);
  let written = 0;
  return {
    text,
    /** Writes the next `count` pieces, as a turn's writer would have by now. */
    async write(count = 1): Promise<void> {
      for (let piece = 0; piece < count && written < text.length; piece++) {
        written = Math.min(text.length, written + size);
        reply.writer.push(text.slice(0, written));
        await reply.advance(1_000);
      }
    },
    /** Ends the turn as a finished reply ends it, its streamed events compacted away. */
    async end(): Promise<void> {
      await reply.writer.close();
      const built = buildReply(text, { itemId: reply.itemId, final: true });
      await storeEnd(
        { ...reply, content: text, built, first: null, outcome: "finished" },
        Date.now(),
      );
    },
  };
}

/**
 * The mock agent's reply to `prompt`, written in pieces of `size` characters by a running turn's
 * writer. Its streamed events are read before the reply ends, since its end compacts them away.
 */
export async function recordedReply(prompt: string, size = 24) {
  const reply = await streamingReply(prompt);
  const script = scriptedReply(
    reply,
    prompt,
    Math.ceil(findStarter(prompt)!.scenario.reply().length / size),
  );
  const streamed: LoggedEvent[] = [];
  for (let end = 0; end < script.text.length; end += size) {
    await script.write();
    streamed.push(...(await readLog(reply.chatId, streamed.at(-1)?.seq ?? 0)));
  }
  await script.end();
  const ended = await readLog(reply.chatId, streamed.at(-1)!.seq);
  return { ...reply, text: script.text, log: [...streamed, ...ended] };
}
