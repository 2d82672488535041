// The LISTEN half of chat wake-ups. No "server-only": the production-parity test runs it
// against a pooler from outside Next.
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { CHAT_EVENTS_CHANNEL } from "../store/channel";

export { CHAT_EVENTS_CHANNEL };

/** connecting: not yet proven; live: its own notice came back; deaf: LISTEN accepted, nothing delivered; down: no connection. */
export type ListenerState = "connecting" | "live" | "deaf" | "down";
export type ListenerHealth = {
  state: ListenerState;
  via: "DATABASE_URL_UNPOOLED" | "DATABASE_URL";
  checkedAt: string | null;
};

// How long a self-sent notice may take to come back before LISTEN counts as deaf.
const PROBE_TIMEOUT_MS = 3_000;
// While streams are open a silently lost LISTEN is replaced within a minute. Streams ask before
// each poll (`isLive`), so an unwatched instance sends nothing and keeps no timer.
export const REPROBE_MS = 60_000;
const RETRY_MS = 5_000;
const PROBE_PREFIX = "probe:";

export type OnNotice = (chatId: string) => void;

/**
 * Through a transaction pooler LISTEN is accepted but nothing delivered, so the listener is live only
 * once its own notice comes back; it re-proves after every reconnect and each minute streams are open.
 */
export class NoticeListener {
  state: ListenerState = "connecting";
  checkedAt: Date | null = null;
  private sql: postgres.Sql | null = null;
  private started: Promise<void> | null = null;
  private readonly probes = new Map<string, () => void>();
  private reproving: Promise<void> | null = null;
  private stopped = false;

  constructor(
    readonly via: ListenerHealth["via"],
    private readonly url: string,
    private readonly onNotice: OnNotice,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when the first verdict is in. */
  start(): Promise<void> {
    this.started ??= this.connect();
    return this.started;
  }

  private async connect(): Promise<void> {
    // Two connections at most: the listening one (postgres.js's own) and a probe one that closes when idle.
    const sql = postgres(this.url, {
      max: 1,
      prepare: false,
      onnotice: () => {},
      connect_timeout: 10,
      idle_timeout: 20,
    });
    this.sql = sql;
    let relisten = false;
    try {
      // Called after every listen, including after a reconnect: each new session is proven again.
      await sql.listen(
        CHAT_EVENTS_CHANNEL,
        (payload) => this.receive(payload),
        () => {
          if (relisten) void this.probe();
          relisten = true;
        },
      );
    } catch (error) {
      this.settle("down", error);
      await this.restart();
      return;
    }
    await this.probe();
  }

  /** Answers the last verdict; one a minute old is re-proven meanwhile and a failed proof starts afresh. */
  isLive(): boolean {
    const stale = this.checkedAt !== null && this.now() - this.checkedAt.getTime() >= REPROBE_MS;
    if (stale && this.sql && !this.reproving) {
      this.reproving = this.probe()
        .then((state) => (state === "live" ? undefined : this.restart()))
        .finally(() => (this.reproving = null));
    }
    return this.state === "live";
  }

  async probe(): Promise<ListenerState> {
    const sql = this.sql;
    if (!sql) return this.state;
    const token = randomUUID();
    const arrived = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      this.probes.set(token, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      await sql.notify(CHAT_EVENTS_CHANNEL, `${PROBE_PREFIX}${token}`);
      this.settle((await arrived) ? "live" : "deaf");
    } catch (error) {
      this.settle("down", error);
    } finally {
      this.probes.delete(token);
    }
    return this.state;
  }

  private receive(payload: string): void {
    if (payload.startsWith(PROBE_PREFIX)) {
      // Other instances' probes arrive too; only our own count.
      this.probes.get(payload.slice(PROBE_PREFIX.length))?.();
      return;
    }
    const chatId = payload.split(":")[0];
    if (chatId) this.onNotice(chatId);
  }

  /** A change is logged once, in one sentence an operator can act on. */
  private settle(state: ListenerState, error?: unknown): void {
    const changed = state !== this.state;
    this.state = state;
    this.checkedAt = new Date(this.now());
    if (!changed) return;
    if (state === "live")
      console.log(`notices: LISTEN is live on ${this.via}; streams wake at once.`);
    if (state === "deaf") {
      console.warn(
        `notices: LISTEN on ${this.via} accepted but delivers nothing (a transaction pooler?); set DATABASE_URL_UNPOOLED to the database's direct URL. Streams poll every second meanwhile.`,
      );
    }
    if (state === "down") {
      console.error(
        `notices: cannot listen on ${this.via} (${error instanceof Error ? error.message : String(error)}); streams poll every second meanwhile.`,
      );
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.sql?.end({ timeout: 1 });
    this.sql = null;
  }

  private async restart(): Promise<void> {
    const sql = this.sql;
    this.sql = null;
    await sql?.end({ timeout: 1 }).catch(() => undefined);
    setTimeout(() => {
      if (this.stopped) return;
      this.started = null;
      void this.start();
    }, RETRY_MS).unref();
  }
}
