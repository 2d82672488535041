import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { sweepStaleClaims } from "./confirmations";
import { listenerLive, subscribeToChat } from "./notify";
import { recoverStaleTurns } from "./turns/recover";
import { driveChat } from "./turns/run";

// Polling is the fallback for lost notices: frequent without a listener, rare with one.
const POLL_MS = 1_000;
const POLL_MS_WHILE_LISTENING = 5_000;
const KEEPALIVE_MS = 15_000;
const BATCH = 200;
// Serverless functions have a maximum duration; ending the stream first lets EventSource
// reconnect with Last-Event-ID on a fresh invocation instead of being cut off mid-event.
const MAX_STREAM_MS = 240_000;

type Options = { visitorId: string; chatId: string; after: number; signal: AbortSignal };

/**
 * Server-Sent Events for one chat, read from its durable event log: every event after `after`,
 * then live ones as they commit. Any instance can serve any client; nothing is kept in memory
 * that another instance would need.
 */
export async function openChatEventStream({ visitorId, chatId, after, signal }: Options): Promise<ReadableStream<Uint8Array>> {
  const chat = await db().chat.findUnique({ where: { id: chatId }, select: { visitorId: true } });
  if (!chat || chat.visitorId !== visitorId) throw new AppError("chat-not-found", "This chat does not exist.");

  const encoder = new TextEncoder();
  let cursor = after;
  let wake: (() => void) | undefined;
  // A notice that arrives while the log is being read must not be lost until the next poll.
  let changed = false;
  const unsubscribe = subscribeToChat(chatId, () => {
    changed = true;
    wake?.();
  });
  const startedAt = Date.now();
  let lastWrite = Date.now();
  let quietPolls = 0;
  let cancelled = false;

  const waitForChange = () =>
    new Promise<void>((resolve) => {
      if (changed) return resolve();
      const timer = setTimeout(done, listenerLive() ? POLL_MS_WHILE_LISTENING : POLL_MS);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        signal.removeEventListener("abort", done);
        resolve();
      }
      wake = done;
      signal.addEventListener("abort", done, { once: true });
    });

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        controller.enqueue(encoder.encode(text));
        lastWrite = Date.now();
      };
      write("retry: 1000\n\n");
      try {
        while (!cancelled && !signal.aborted && Date.now() - startedAt < MAX_STREAM_MS) {
          const notified = changed;
          changed = false;
          const events = await db().chatEvent.findMany({
            where: { chatId, seq: { gt: cursor } },
            orderBy: { seq: "asc" },
            take: BATCH,
          });
          for (const event of events) {
            write(`id: ${event.seq}\ndata: ${JSON.stringify(event.data)}\n\n`);
            cursor = event.seq;
          }
          if (events.length === BATCH) continue;
          if (events.length === 0) {
            const quiet = ++quietPolls % 3 === 0;
            // A notice with nothing to read is how a deletion announces itself; polls check too.
            if ((notified || quiet) && (await chatDeleted(chatId))) {
              write("event: deleted\ndata: {}\n\n");
              break;
            }
            if (quiet) await recoverQuietChat(chatId);
          }
          if (events.length > 0) quietPolls = 0;
          if (Date.now() - lastWrite > KEEPALIVE_MS) write(": keep-alive\n\n");
          await waitForChange();
        }
      } catch (error) {
        if (!cancelled && !signal.aborted) console.error("Chat event stream failed", error);
      } finally {
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      }
    },
    cancel() {
      cancelled = true;
      unsubscribe();
      wake?.();
    },
  });
}

async function chatDeleted(chatId: string): Promise<boolean> {
  return (await db().chat.findUnique({ where: { id: chatId }, select: { id: true } })) === null;
}

/**
 * A watched chat whose turn lost its process is recovered here rather than left hanging, and its
 * confirmations whose time ran out are settled, which tells the agent.
 */
async function recoverQuietChat(chatId: string): Promise<void> {
  const toDrive = await recoverStaleTurns({ chatId });
  if ((await sweepStaleClaims({ chatId })) > 0 && !toDrive.includes(chatId)) toDrive.push(chatId);
  for (const id of toDrive) driveChat(id).catch((error: unknown) => console.error("Recovered turn failed", error));
}
