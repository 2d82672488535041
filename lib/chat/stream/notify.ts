import "server-only";
import { readDatabaseUrls } from "@/lib/db/urls";
import { CHAT_EVENTS_CHANNEL, type ListenerHealth, type ListenerState, NoticeListener, type OnNotice } from "./notice-listener";

export { CHAT_EVENTS_CHANNEL, type ListenerHealth, type ListenerState };

/**
 * Wake-ups for chat streams. Appends send `pg_notify` inside their transaction, so the notice
 * arrives only after the commit, on every instance listening. A notice is only a hint: streams
 * read the durable event log and also poll, so a missed notice costs latency, never an event.
 * LISTEN goes over the direct URL (DATABASE_URL_UNPOOLED), one connection per instance.
 */

// One listener per process; Next dev reloads modules, so it lives on globalThis.
const state = globalThis as typeof globalThis & { answerableListener?: NoticeListener; answerableNoticeHandlers?: Set<OnNotice> };

function handlers(): Set<OnNotice> {
  return (state.answerableNoticeHandlers ??= new Set());
}

function listener(): NoticeListener {
  if (!state.answerableListener) {
    const { direct, directFrom } = readDatabaseUrls();
    state.answerableListener = new NoticeListener(directFrom, direct, (chatId) => handlers().forEach((handle) => handle(chatId)));
  }
  return state.answerableListener;
}

/** Starts listening (at start-up and on first use) and resolves once its state is known. */
export async function startListener(): Promise<ListenerState> {
  await listener().start();
  return listener().state;
}

/** Whether notices are arriving; while they are, streams can poll rarely. Asking keeps the answer proven. */
export function listenerLive(): boolean {
  return state.answerableListener?.isLive() ?? false;
}

/** The listener's state for /api/health, proven again by a fresh probe. */
export async function checkListener(): Promise<ListenerHealth> {
  try {
    const current = listener();
    await current.start();
    await current.probe();
    return { state: current.state, via: current.via, checkedAt: current.checkedAt?.toISOString() ?? null };
  } catch (error) {
    console.error("health: the listener could not be checked", error);
    return { state: "down", via: "DATABASE_URL", checkedAt: null };
  }
}

/** Calls `handle` with the chat id of every notice. Returns the function that stops it. */
export function onChatNotice(handle: OnNotice): () => void {
  void listener().start();
  handlers().add(handle);
  return () => handlers().delete(handle);
}
