import "server-only";
import { chatIsGone, checkOwnChat } from "../store/chats";
import { readEventPage } from "../store/events";
import { createChatFeeds, type ChatFeeds } from "./feed";
import { listenerLive, onChatNotice } from "./notify";
import { healWatchedChat } from "../healing/heal";
import { requestTurn } from "../turns/hand-off";

// Polling is the fallback for lost notices: frequent without a listener, rare with one.
const POLL_MS = 1_000;
const POLL_MS_WHILE_LISTENING = 5_000;
const KEEPALIVE_MS = 15_000;
// How often a stream beats: a keep-alive when it has been quiet, and a look for its chat's deletion.
const DELETION_CHECK_MS = KEEPALIVE_MS / 3;
// Ending before the serverless maximum duration lets EventSource reconnect with Last-Event-ID
// instead of being cut off mid-event.
const MAX_STREAM_MS = 240_000;

type Options = { visitorId: string; chatId: string; after: number; signal: AbortSignal };

/** Encoded once per read for every stream. */
type Frame = { seq: number; bytes: Uint8Array };

const encoder = new TextEncoder();

/** From the durable log, so any instance serves any client; a chat's streams here share one reader. */
export async function openChatEventStream({ visitorId, chatId, after, signal }: Options): Promise<ReadableStream<Uint8Array>> {
  await checkOwnChat({ chatId, visitorId });

  let close = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let lastWrite = Date.now();
      const write = (bytes: Uint8Array) => {
        controller.enqueue(bytes);
        lastWrite = Date.now();
      };
      write(encoder.encode("retry: 1000\n\n"));
      const unsubscribe = chatFeeds().subscribe(chatId, after, (frames) => {
        for (const frame of frames) write(frame.bytes);
      });
      const keepAlive = setInterval(() => {
        if (Date.now() - lastWrite >= KEEPALIVE_MS) write(encoder.encode(": keep-alive\n\n"));
        // A deleted chat has no events left to announce it: its open pages are told, then closed.
        void chatDeleted(chatId).then((deleted) => {
          if (!deleted) return;
          write(encoder.encode("event: deleted\ndata: {}\n\n"));
          close();
        }, (error: unknown) => console.error("Looking for a watched chat's deletion failed; the next beat looks again", error));
      }, DELETION_CHECK_MS);
      const end = setTimeout(() => close(), MAX_STREAM_MS);
      close = () => {
        unsubscribe();
        clearInterval(keepAlive);
        clearTimeout(end);
        signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      signal.addEventListener("abort", close, { once: true });
    },
    cancel() {
      close();
    },
  });
}

async function readEvents(chatId: string, after: number, take: number): Promise<Frame[]> {
  const events = await readEventPage(chatId, after, take);
  return events.map((event) => ({ seq: event.seq, bytes: encoder.encode(`id: ${event.seq}\ndata: ${JSON.stringify(event.data)}\n\n`) }));
}

/** A watched chat heals as a request's would, once per instance, not per page. */
async function recoverQuietChat(chatId: string): Promise<void> {
  try {
    // The stream outlives the response, so each healed chat's turn gets an invocation of its own.
    for (const id of await healWatchedChat(chatId)) await requestTurn(id);
  } catch (error) {
    console.error("Recovering a quiet chat failed", error);
  }
}

// One set of feeds per process, fed by the instance's one listener (dev reloads keep it).
const shared = globalThis as typeof globalThis & { answerableChatFeeds?: ChatFeeds<Frame> };

function chatFeeds(): ChatFeeds<Frame> {
  if (!shared.answerableChatFeeds) {
    const feeds = createChatFeeds({
      read: readEvents,
      pollMs: () => (listenerLive() ? POLL_MS_WHILE_LISTENING : POLL_MS),
      onQuiet: (chatId) => void recoverQuietChat(chatId),
    });
    onChatNotice((chatId) => feeds.notify(chatId));
    shared.answerableChatFeeds = feeds;
  }
  return shared.answerableChatFeeds;
}

// The streams of one chat on this instance share one look at whether it still exists, per beat.
const deletionChecks = new Map<string, { at: number; deleted: Promise<boolean> }>();

function chatDeleted(chatId: string): Promise<boolean> {
  const now = Date.now();
  const recent = deletionChecks.get(chatId);
  if (recent && now - recent.at < DELETION_CHECK_MS) return recent.deleted;
  // The map holds only chats being watched.
  for (const [id, check] of deletionChecks) if (now - check.at >= DELETION_CHECK_MS) deletionChecks.delete(id);
  const deleted = chatIsGone(chatId);
  deletionChecks.set(chatId, { at: now, deleted });
  return deleted;
}
