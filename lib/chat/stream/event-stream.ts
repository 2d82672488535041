import "server-only";
import { remember } from "@epic-web/remember";
import { chatIsGone, checkOwnChat } from "../store/chats";
import { readEventPage } from "../store/events";
import { chatEventSchema } from "../wire";
import { hashShareToken } from "../chats/share";
import { sharedEvent } from "../chats/shared-view";
import { findSharedChat, shareStillOpens } from "../store/shares";
import { onDatabaseBeat } from "./database-beat";
import { createChatFeeds, type ChatFeeds, type FeedOptions } from "./feed";
import { listenerLive, onChatNotice } from "./notify";
import { recoverWatchedChat } from "../recovery/recover";
import { startWaitingTurns } from "../turns/run";

// Polling is the fallback for lost notices: frequent without a listener, rare with one.
const POLL_MS = 1_000;
const POLL_MS_WHILE_LISTENING = 5_000;
const KEEPALIVE_MS = 15_000;
// How often a stream's keep-alive tick runs: a keep-alive comment when it has been quiet, and a
// look for its chat's deletion.
const DELETION_CHECK_MS = KEEPALIVE_MS / 3;
// Ending before the serverless maximum duration lets EventSource reconnect with Last-Event-ID
// instead of being cut off mid-event.
const MAX_STREAM_MS = 240_000;

type Options = { visitorId: string; chatId: string; after: number; signal: AbortSignal };

/** Encoded once per read for every stream; `ends` closes each stream that writes it. */
type Frame = { seq: number; bytes: Uint8Array; ends?: boolean };

const encoder = new TextEncoder();
const DELETED = encoder.encode("event: deleted\ndata: {}\n\n");
const UNSHARED = encoder.encode("event: unshared\ndata: {}\n\n");
const DATABASE_ANSWERED = encoder.encode("event: database-answered\ndata: {}\n\n");

/** From the durable log, so any instance serves any client; a chat's streams here share one reader. */
export async function openChatEventStream({
  visitorId,
  chatId,
  after,
  signal,
}: Options): Promise<ReadableStream<Uint8Array>> {
  await checkOwnChat({ chatId, visitorId });
  // A deleted chat has no events left to announce it: its open pages are told, then closed.
  const ended = () =>
    sharedCheck(chatId, () => chatIsGone(chatId)).then((deleted) => (deleted ? DELETED : null));
  return eventStream({ feeds: chatFeeds(), chatId, after, signal, ended });
}

/**
 * A share link's read-only stream (decision 023): the same log, its confirmation handles replaced,
 * ended as soon as the link stops opening the chat. It recovers nothing and reaches no write.
 */
export async function openSharedEventStream({
  token,
  after,
  signal,
}: {
  token: string;
  after: number;
  signal: AbortSignal;
}): Promise<ReadableStream<Uint8Array>> {
  const tokenHash = hashShareToken(token);
  const { id: chatId } = await findSharedChat(tokenHash);
  // `chat.shared` in the log ends it at once; the keep-alive tick's check covers a deleted chat.
  const ended = () =>
    sharedCheck(`${chatId}:${tokenHash}`, () => shareStillOpens(chatId, tokenHash)).then((open) =>
      open ? null : UNSHARED,
    );
  return eventStream({ feeds: viewerFeeds(), chatId, after, signal, ended });
}

type Watch = {
  feeds: ChatFeeds<Frame>;
  chatId: string;
  after: number;
  signal: AbortSignal;
  ended: () => Promise<Uint8Array | null>;
};

function eventStream({ feeds, chatId, after, signal, ended }: Watch): ReadableStream<Uint8Array> {
  let close = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let lastWrite = Date.now();
      const write = (bytes: Uint8Array) => {
        controller.enqueue(bytes);
        lastWrite = Date.now();
      };
      write(encoder.encode("retry: 1000\n\n"));
      const unsubscribe = feeds.subscribe(chatId, after, (frames) => {
        const batch = joined(frames);
        write(batch.bytes);
        if (batch.ends) close();
      });
      // A page that stops hearing it knows the database stalled, though its stream stays open.
      const unhear = onDatabaseBeat(() => write(DATABASE_ANSWERED));
      const keepAlive = setInterval(() => {
        if (Date.now() - lastWrite >= KEEPALIVE_MS) write(encoder.encode(": keep-alive\n\n"));
        void ended().then(
          (last) => {
            if (!last) return;
            write(last);
            close();
          },
          (error: unknown) =>
            console.error(
              "Looking at whether a watched chat is still there failed; the next keep-alive tick looks again",
              error,
            ),
        );
      }, DELETION_CHECK_MS);
      const end = setTimeout(() => close(), MAX_STREAM_MS);
      close = () => {
        unsubscribe();
        unhear();
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

// A read's frames go to a page as one write; pages at the same cursor share the batch, so it is joined once.
const batches = new WeakMap<readonly Frame[], Frame>();

/** Up to and including the first frame that ends a stream. */
export function joined(frames: readonly Frame[]): Frame {
  const known = batches.get(frames);
  if (known) return known;
  const end = frames.findIndex((each) => each.ends);
  const taken = end === -1 ? frames : frames.slice(0, end + 1);
  const batch =
    taken.length === 1
      ? taken[0]!
      : {
          seq: taken.at(-1)!.seq,
          bytes: Buffer.concat(taken.map((each) => each.bytes)),
          ends: end !== -1,
        };
  batches.set(frames, batch);
  return batch;
}

function frame(seq: number, data: unknown): Frame {
  return { seq, bytes: encoder.encode(`id: ${seq}\ndata: ${JSON.stringify(data)}\n\n`) };
}

/**
 * An owner's events, each parsed before it is sent: the page reads a streamed event by its type
 * (decision 029), so one the log holds in a shape it cannot read goes as `null`, which reloads it.
 */
async function readEvents(chatId: string, after: number, take: number): Promise<Frame[]> {
  return (await readEventPage(chatId, after, take)).map((event) => {
    const parsed = chatEventSchema.safeParse(event.data);
    return frame(event.seq, parsed.success ? parsed.data : null);
  });
}

/** A viewer's events: handles replaced, `chat.shared` the last; one it cannot read reloads the page (`null`). */
async function readViewerEvents(chatId: string, after: number, take: number): Promise<Frame[]> {
  return (await readEventPage(chatId, after, take)).map((event) => {
    const parsed = chatEventSchema.safeParse(event.data);
    if (!parsed.success) return frame(event.seq, null);
    const shared = sharedEvent(parsed.data);
    return shared ? frame(event.seq, shared) : { seq: event.seq, bytes: UNSHARED, ends: true };
  });
}

/** A watched chat recovers as a request's would, once per instance, not per page. */
async function recoverQuietChat(chatId: string): Promise<void> {
  try {
    // The stream outlives the response, so each recovered chat's turn gets an invocation of its own.
    await startWaitingTurns(await recoverWatchedChat(chatId), "own invocations");
  } catch (error) {
    console.error("Recovering a quiet chat failed", error);
  }
}

// One set of feeds per process, fed by the instance's one listener (dev reloads keep it); viewers
// of share links have their own, which recovers nothing.
function chatFeeds(): ChatFeeds<Frame> {
  return remember("answerable.chatFeeds", () =>
    listenedFeeds({ read: readEvents, onQuiet: (chatId) => void recoverQuietChat(chatId) }),
  );
}

function viewerFeeds(): ChatFeeds<Frame> {
  return remember("answerable.viewerFeeds", () => listenedFeeds({ read: readViewerEvents }));
}

function listenedFeeds(options: Omit<FeedOptions<Frame>, "pollMs">): ChatFeeds<Frame> {
  const feeds = createChatFeeds({
    ...options,
    pollMs: () => (listenerLive() ? POLL_MS_WHILE_LISTENING : POLL_MS),
  });
  onChatNotice((chatId) => feeds.notify(chatId));
  return feeds;
}

// The streams of one chat (or one link) on this instance share one look per keep-alive tick.
const recentChecks = new Map<string, { at: number; result: Promise<boolean> }>();

function sharedCheck(key: string, look: () => Promise<boolean>): Promise<boolean> {
  const now = Date.now();
  const recent = recentChecks.get(key);
  if (recent && now - recent.at < DELETION_CHECK_MS) return recent.result;
  // The map holds only what is being watched.
  for (const [id, check] of recentChecks)
    if (now - check.at >= DELETION_CHECK_MS) recentChecks.delete(id);
  const result = look();
  recentChecks.set(key, { at: now, result });
  return result;
}
