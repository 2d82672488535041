import "server-only";
import { remember } from "@epic-web/remember";
import { readDatabaseUrls } from "@/lib/db/urls";
import {
  CHAT_EVENTS_CHANNEL,
  type ListenerHealth,
  type ListenerState,
  NoticeListener,
  type OnNotice,
} from "./notice-listener";

export { CHAT_EVENTS_CHANNEL, type ListenerHealth, type ListenerState };

// `pg_notify` inside the append's transaction arrives only after commit. A notice is only a hint:
// streams also poll, so a lost one costs latency, never an event. LISTEN uses DATABASE_URL_UNPOOLED.

// One listener per process; Next dev reloads modules, so it is remembered on globalThis. It is
// made on first use, as `next build` has no database to name; `listenerLive` asks without making it.
const state = () =>
  remember("answerable.notices", () => ({
    listener: undefined as NoticeListener | undefined,
    handlers: new Set<OnNotice>(),
  }));

function handlers(): Set<OnNotice> {
  return state().handlers;
}

function listener(): NoticeListener {
  const shared = state();
  if (!shared.listener) {
    const { direct, directFrom } = readDatabaseUrls();
    shared.listener = new NoticeListener(directFrom, direct, (chatId) =>
      handlers().forEach((handle) => handle(chatId)),
    );
  }
  return shared.listener;
}

/** At start-up and on first use; resolves once its state is known. */
export async function startListener(): Promise<ListenerState> {
  await listener().start();
  return listener().state;
}

/** Asking keeps the answer proven. */
export function listenerLive(): boolean {
  return state().listener?.isLive() ?? false;
}

/** For /api/health, proven again by a fresh probe. */
export async function checkListener(): Promise<ListenerHealth> {
  try {
    const current = listener();
    await current.start();
    await current.probe();
    return {
      state: current.state,
      via: current.via,
      checkedAt: current.checkedAt?.toISOString() ?? null,
    };
  } catch (error) {
    console.error("health: the listener could not be checked", error);
    return { state: "down", via: "DATABASE_URL", checkedAt: null };
  }
}

/** Returns the function that stops it. */
export function onChatNotice(handle: OnNotice): () => void {
  void listener().start();
  handlers().add(handle);
  return () => handlers().delete(handle);
}
