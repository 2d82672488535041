import "server-only";
import { Client } from "pg";
import { readDatabaseUrl } from "@/lib/db/client";

/**
 * Wake-ups for chat streams. Appends send `pg_notify` inside their transaction, so the notice
 * arrives only after the commit, on every instance listening. A notice is only a hint: streams
 * read the durable event log and also poll, so a missed notice costs latency, never an event.
 */
export const CHAT_EVENTS_CHANNEL = "chat_events";
const CHANNEL = CHAT_EVENTS_CHANNEL;

type Listener = () => void;

const state = globalThis as unknown as {
  chatListeners?: Map<string, Set<Listener>>;
  chatListenerClient?: Promise<Client | null>;
  chatListenerLive?: boolean;
};

function listeners(): Map<string, Set<Listener>> {
  return (state.chatListeners ??= new Map());
}

async function connectListener(): Promise<Client | null> {
  const client = new Client({ connectionString: readDatabaseUrl() });
  try {
    await client.connect();
    client.on("notification", (message) => {
      const chatId = message.payload?.split(":")[0];
      if (chatId) listeners().get(chatId)?.forEach((wake) => wake());
    });
    client.on("error", () => {
      // A dropped connection leaves streams on polling; the next subscriber reconnects.
      state.chatListenerClient = undefined;
      state.chatListenerLive = false;
    });
    await client.query(`LISTEN ${CHANNEL}`);
    state.chatListenerLive = true;
    return client;
  } catch {
    state.chatListenerClient = undefined;
    await client.end().catch(() => undefined);
    return null;
  }
}

/** Whether notices are arriving; while they are, streams can poll rarely. */
export function listenerLive(): boolean {
  return state.chatListenerLive === true;
}

/** Calls `wake` whenever the chat's log may have grown. Returns the unsubscribe function. */
export function subscribeToChat(chatId: string, wake: Listener): () => void {
  state.chatListenerClient ??= connectListener();
  const set = listeners().get(chatId) ?? new Set();
  set.add(wake);
  listeners().set(chatId, set);
  return () => {
    set.delete(wake);
    if (set.size === 0) listeners().delete(chatId);
  };
}
