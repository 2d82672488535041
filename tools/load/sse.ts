// A page's event stream as the load sees it: every event's sequence number and when it arrived,
// in epoch milliseconds with sub-millisecond precision, so arrivals compare across streams.
import type { Visitor } from "../reliability/http";

/** `bytes`: the length of the event's data line, as sent. */
export type Arrival = { seq: number; at: number; bytes: number; data?: Record<string, unknown> };

export const epochNow = () => performance.timeOrigin + performance.now();

export class EventStream {
  readonly arrivals: Arrival[] = [];
  opened = false;
  private readonly done = new AbortController();
  private waiters: Array<() => void> = [];

  /** `parse`: keep each event's data (costs the load's CPU; the viewers keep only arrivals). */
  constructor(visitor: Visitor, chatId: string, after: number, parse = false) {
    void this.read(visitor, chatId, after, parse);
  }

  get last(): number {
    return this.arrivals.at(-1)?.seq ?? 0;
  }

  /** Resolves at the first event that `match` accepts from `from` on (an index into arrivals). */
  async next(
    match: (arrival: Arrival) => boolean,
    from = 0,
    timeoutMs = 30_000,
  ): Promise<Arrival | null> {
    const until = Date.now() + timeoutMs;
    for (let index = from; ;) {
      for (; index < this.arrivals.length; index++)
        if (match(this.arrivals[index]!)) return this.arrivals[index]!;
      if (Date.now() > until) return null;
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  close(): void {
    this.done.abort();
  }

  private async read(
    visitor: Visitor,
    chatId: string,
    after: number,
    parse: boolean,
  ): Promise<void> {
    try {
      const response = await fetch(`${visitor.base}/api/chats/${chatId}/events?after=${after}`, {
        headers: { cookie: visitor.cookie },
        signal: this.done.signal,
      });
      this.opened = response.status === 200;
      const decoder = new TextDecoder();
      let buffer = "";
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const at = epochNow();
        buffer += decoder.decode(read.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(frame);
          if (!id) continue;
          const line = /^data: (.*)$/m.exec(frame)?.[1] ?? "{}";
          const data = parse ? (JSON.parse(line) as Record<string, unknown>) : undefined;
          this.arrivals.push({ seq: Number(id[1]), at, bytes: Buffer.byteLength(line), data });
        }
        const waiters = this.waiters;
        this.waiters = [];
        for (const wake of waiters) wake();
      }
    } catch {
      // Closed by the load once it has what it came for.
    }
  }
}
