// What one streamed reply costs the database: event rows written and kept (with the bytes of those
// kept), and the WAL the whole turn writes (send, stream, end), for a 2,000-character prose reply
// at the mock agent's default pace and at a slower one, and for the mock's block gallery (2,046
// characters). WAL is printed as a ratio to the reply's length.
import { randomUUID } from "node:crypto";
import type { Agent } from "@/lib/agent/agent";
import { createMockAgent } from "@/lib/agent/mock-agent";
import { chunkText, pause } from "@/lib/agent/pacing";
import { appConfig } from "@/lib/config";
import { createChat } from "@/lib/chat/chats/manage";
import { runChat } from "@/lib/chat/turns/run";
import { db } from "@/lib/db/client";

const REPLY = Array.from({ length: 400 }, (_, index) => `word${index % 10} `)
  .join("")
  .slice(0, 2_000);

function pacedAgent(text: string, deltaMs: number): Agent {
  return {
    async *reply({ signal }) {
      for (const chunk of chunkText(text)) {
        await pause(deltaMs, signal);
        yield { type: "text", text: chunk };
      }
    },
  };
}

// Where the next WAL record goes: with asynchronous commit the written position lags behind it.
async function walLsn(): Promise<string> {
  const [row] = await db().$queryRaw<
    { lsn: string }[]
  >`SELECT pg_current_wal_insert_lsn()::text AS "lsn"`;
  return row!.lsn;
}

async function walBytes(from: string, to: string): Promise<number> {
  const [row] = await db().$queryRaw<
    { bytes: number }[]
  >`SELECT pg_wal_lsn_diff(${to}::pg_lsn, ${from}::pg_lsn)::float8 AS "bytes"`;
  return row!.bytes;
}

/** One chat, one message, one reply; returns the printed figures. */
async function measureReply(label: string, message: string, agent: Agent): Promise<string> {
  const visitorId = randomUUID();
  const from = await walLsn();
  const { chatId } = await createChat({ visitorId, message });
  await runChat(chatId, agent, null);
  const to = await walLsn();
  const { lastEventSeq } = await db().chat.findUniqueOrThrow({
    where: { id: chatId },
    select: { lastEventSeq: true },
  });
  const reply = await db().item.findFirstOrThrow({
    where: { chatId, role: "assistant" },
    select: { id: true },
  });
  const [kept] = await db().$queryRaw<{ rows: number; bytes: number; reply: number }[]>`
    SELECT count(*)::int AS "rows", coalesce(sum(octet_length("data"::text)), 0)::int AS "bytes",
      count(*) FILTER (WHERE "data"->>'itemId' = ${reply.id} OR "data"->'item'->>'id' = ${reply.id})::int AS "reply"
    FROM "ChatEvent" WHERE "chatId" = ${chatId}::uuid`;
  const wal = await walBytes(from, to);
  const { content } = await db().item.findUniqueOrThrow({
    where: { id: reply.id },
    select: { content: true },
  });
  return [
    `${content.length.toLocaleString("en-US")}-char ${label}:`,
    `${lastEventSeq} events written, ${kept!.rows} kept (${kept!.reply} of the reply item, ${(kept!.bytes / 1024).toFixed(1)} KB),`,
    `WAL ${(wal / 1024).toFixed(1)} KB (${(wal / content.length).toFixed(0)}× the reply)`,
  ].join(" ");
}

export default async function benchWriteAmplification(): Promise<void> {
  // Warm up: the tables have pages and the plans are cached before anything is measured.
  await measureReply("warm-up", "Measure one reply", pacedAgent(REPLY, 0));
  // Without full-page writes (the throwaway test cluster) the first change of a page after a
  // checkpoint costs one record, not the whole page: the figures are lower than in production.
  const [settings] = await db().$queryRaw<{ fpw: string; checkpoint: string }[]>`
    SELECT current_setting('full_page_writes') AS "fpw", current_setting('checkpoint_timeout') AS "checkpoint"`;
  console.log(
    `write-amplification: full_page_writes ${settings!.fpw}, checkpoint_timeout ${settings!.checkpoint}`,
  );
  // The same reply streamed for longer costs more wherever a write's cost is fixed.
  for (const deltaMs of [appConfig().agentDeltaMs, 60]) {
    console.log(
      `write-amplification ${await measureReply(`prose reply at ${deltaMs} ms a chunk`, "Measure one reply", pacedAgent(REPLY, deltaMs))}`,
    );
  }
  // The mock's block gallery: most of what it streams is previews of the blocks as they grow.
  const gallery = await measureReply(
    `block gallery at ${appConfig().agentDeltaMs} ms a chunk`,
    "Show every block component",
    createMockAgent({ deltaMs: appConfig().agentDeltaMs }),
  );
  console.log(`write-amplification ${gallery}`);
}
