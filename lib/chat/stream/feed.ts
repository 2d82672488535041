// One reader of a chat's log per instance, fanned out to every subscriber from its own cursor; reads
// start after the lowest cursor, so a late joiner (a reload mid-reply) catches up in the same read.
export type LoggedEvent = { seq: number; data: unknown };

/** Prepared once for all subscribers. */
type Sequenced = { seq: number };

export type FeedOptions<E extends Sequenced = LoggedEvent> = {
  read: (chatId: string, after: number, take: number) => Promise<E[]>;
  /** Rare while notices arrive, frequent without them. */
  pollMs: () => number;
  /** Every third empty poll: the chat may hold a turn whose process died. */
  onQuiet?: (chatId: string) => void;
};

/** `deliver`'s batch may be the one other pages receive: read it, never change it. */
type Subscriber<E extends Sequenced> = { cursor: number; deliver: (events: readonly E[]) => void };

const BATCH = 200;

class ChatFeed<E extends Sequenced> {
  readonly subscribers = new Set<Subscriber<E>>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private quietPolls = 0;
  private failing = false;
  // The last event a read found, or where it read from when it found nothing; null before the first read.
  private head: number | null = null;

  constructor(
    private readonly chatId: string,
    private readonly options: FeedOptions<E>,
  ) {}

  /** A wake during a read is served by one more read. */
  wake(poll = false): Promise<void> {
    this.again = true;
    // Started on the next tick, so `running` is set before the read can end and clear it.
    this.running ??= Promise.resolve().then(() => this.drain(poll));
    return this.running;
  }

  /** A page joining at the head with no read in flight needs none: 200 pages opening cost no 200 reads. */
  needsRead(cursor: number): boolean {
    return this.running !== null || this.head === null || cursor < this.head;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async drain(poll: boolean): Promise<void> {
    this.stop();
    let found = false;
    try {
      while (this.again) {
        this.again = false;
        // Subscribers that join during this read are not served by it: their wake asks for another.
        const subscribers = [...this.subscribers];
        if (subscribers.length === 0) return;
        const after = Math.min(...subscribers.map((subscriber) => subscriber.cursor));
        let events: E[];
        try {
          events = await this.options.read(this.chatId, after, BATCH);
          this.failing = false;
        } catch (error) {
          // Streams stay open through a database blip; the next poll tries again. Logged once.
          if (!this.failing)
            console.error("Chat event read failed; retrying on the next poll", error);
          this.failing = true;
          return;
        }
        this.head = Math.max(this.head ?? after, events.at(-1)?.seq ?? after);
        found ||= events.length > 0;
        // Pages at the same cursor (nearly all) share one batch: the stream joins it once for all of them.
        const batches = new Map<number, E[]>();
        for (const subscriber of subscribers) this.deliver(subscriber, events, batches);
        if (events.length === BATCH) this.again = true;
      }
      if (found) this.quietPolls = 0;
      else if (poll && ++this.quietPolls % 3 === 0) this.options.onQuiet?.(this.chatId);
    } finally {
      // In the same tick as the last look at `again`: a wake from here on starts a new read.
      this.running = null;
      if (this.subscribers.size > 0)
        this.timer = setTimeout(() => void this.wake(true), this.options.pollMs());
    }
  }

  private deliver(subscriber: Subscriber<E>, events: E[], batches: Map<number, E[]>): void {
    const fresh =
      batches.get(subscriber.cursor) ?? events.filter((event) => event.seq > subscriber.cursor);
    batches.set(subscriber.cursor, fresh);
    if (fresh.length === 0 || !this.subscribers.has(subscriber)) return;
    subscriber.cursor = fresh[fresh.length - 1]!.seq;
    try {
      subscriber.deliver(fresh);
    } catch (error) {
      // Its client already closed; the others are still served.
      this.subscribers.delete(subscriber);
      console.error("A chat stream refused events; dropped", error);
    }
  }
}

export type ChatFeeds<E extends Sequenced = LoggedEvent> = ReturnType<typeof createChatFeeds<E>>;

export function createChatFeeds<E extends Sequenced = LoggedEvent>(options: FeedOptions<E>) {
  const feeds = new Map<string, ChatFeed<E>>();
  return {
    /** Returns the function that stops it. */
    subscribe(chatId: string, cursor: number, deliver: Subscriber<E>["deliver"]): () => void {
      const feed = feeds.get(chatId) ?? new ChatFeed(chatId, options);
      feeds.set(chatId, feed);
      const subscriber = { cursor, deliver };
      feed.subscribers.add(subscriber);
      if (feed.needsRead(cursor)) void feed.wake();
      return () => {
        feed.subscribers.delete(subscriber);
        if (feed.subscribers.size > 0 || feeds.get(chatId) !== feed) return;
        feed.stop();
        feeds.delete(chatId);
      };
    },
    notify(chatId: string): void {
      void feeds.get(chatId)?.wake();
    },
    /** Reads now (or joins the read in flight) and resolves once the chat's feed has caught up. */
    catchUp(chatId: string): Promise<void> {
      return feeds.get(chatId)?.wake() ?? Promise.resolve();
    },
    get size(): number {
      return feeds.size;
    },
  };
}
