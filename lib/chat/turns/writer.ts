import "server-only";
import { appConfig } from "@/lib/config";
import { buildReply } from "../reply/build";
import { type TurnState, writeReplyDelta } from "../store/log";
import { type ChatEvent, type Part, diffParts } from "../wire";
import { toStorableText } from "./storable";

// Writes wait for a line or so (or half a second), so rows and WAL grow with length, not streaming time (decision 015).
const WRITE_CHARACTERS = 48;
const WRITE_WAIT_MS = 500;
const WRITE_INTERVAL_MS = 50;
// The item row is rewritten only as a snapshot (the reply doubled, at most once a second, or after
// this many writes), so a reader folds at most this many writes on top of one (decision 015).
const SNAPSHOT_MIN_MS = 1_000;
const SNAPSHOT_MAX_WRITES = 100;

export type WriterTarget = { chatId: string; turnId: string; itemId: string };

/** Tests drive one by hand; `run`'s promise settles when the write it started has. */
export type WriterClock = {
  now(): number;
  after(ms: number, run: () => Promise<void>): () => void;
};

const SYSTEM_CLOCK: WriterClock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(() => void run(), ms);
    return () => clearTimeout(timer);
  },
};

export type { TurnState };

/**
 * Coalesced, one write at a time; a failed write is caught up by the next. Failing for a third of the
 * lease calls `onFailing`, so the turn fails within seconds instead of streaming on unseen.
 */
export class ReplyWriter {
  // Null once a write's answer was lost: it may have committed, so the next resends the parts whole.
  private written: Part[] | null = [];
  private writtenContent = "";
  private snapshotAt = -Infinity;
  private snapshotLength = 0;
  private writesSinceSnapshot = 0;
  private latest: string | null = null;
  private chain: Promise<void> = Promise.resolve();
  private cancelTimer: (() => void) | undefined;
  private timerDue = Infinity;
  private lastWrite = 0;
  private failingSince: number | null = null;

  constructor(
    private readonly target: WriterTarget,
    private readonly onStopped: (state: Exclude<TurnState, "running">) => void,
    private readonly onFailing: () => void,
    private readonly clock: WriterClock = SYSTEM_CLOCK,
  ) {}

  push(content: string): void {
    this.latest = toStorableText(content, { final: false });
    const grown = this.latest.length - this.writtenContent.length;
    this.schedule(
      this.lastWrite +
        (grown >= WRITE_CHARACTERS ? WRITE_INTERVAL_MS : WRITE_WAIT_MS) -
        this.clock.now(),
    );
  }

  /** What is still pending is left to the end of the turn. */
  async close(): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.latest = null;
    await this.chain;
  }

  /** Unless one is already due by then. */
  private schedule(wait: number): void {
    const due = this.clock.now() + Math.max(0, wait);
    if (this.cancelTimer && this.timerDue <= due) return;
    this.cancelTimer?.();
    this.timerDue = due;
    this.cancelTimer = this.clock.after(Math.max(0, wait), () => {
      this.cancelTimer = undefined;
      this.chain = this.chain
        .then(() => this.write())
        .then(
          () => {
            this.failingSince = null;
          },
          (error: unknown) => this.failed(error),
        );
      return this.chain;
    });
  }

  private failed(error: unknown): void {
    this.failingSince ??= this.clock.now();
    // The write may have committed although its answer was lost: the next one stores it whole.
    this.writesSinceSnapshot = Infinity;
    this.written = null;
    if (this.clock.now() - this.failingSince < appConfig().turnLeaseMs / 3) {
      console.error("Reply delta write failed; the next write catches up", error);
      return;
    }
    console.error("Reply writes keep failing; the turn ends as failed", error);
    this.onFailing();
  }

  private async write(): Promise<void> {
    const content = this.latest;
    this.latest = null;
    if (content === null) return;
    this.lastWrite = this.clock.now();
    // Decoding is linear in length, so once per write, not per chunk. Nothing compiles here: a
    // streaming block travels as its fence's new text, and the page previews it (decision 025).
    const { parts } = buildReply(content, { itemId: this.target.itemId, final: false });
    const { itemId } = this.target;
    const events: ChatEvent[] = this.written
      ? diffParts(itemId, this.written, parts)
      : [{ type: "item.parts", itemId, parts: [...parts] }];
    if (events.length === 0) return;
    const snapshot = this.snapshotDue(content);
    const delta = snapshot
      ? { snapshot: { content, parts }, events }
      : { events, contentTail: content.slice(this.writtenContent.length) };
    const state = await writeReplyDelta({ ...this.target, ...delta });
    if (state !== "running") return this.onStopped(state);
    if (snapshot) {
      this.snapshotAt = this.lastWrite;
      this.snapshotLength = content.length;
      this.writesSinceSnapshot = 0;
    } else this.writesSinceSnapshot++;
    this.written = parts;
    this.writtenContent = content;
  }

  private snapshotDue(content: string): boolean {
    // The raw content only grows while a reply streams; should it not, the write stores it whole.
    if (this.writesSinceSnapshot >= SNAPSHOT_MAX_WRITES || !content.startsWith(this.writtenContent))
      return true;
    return (
      this.lastWrite - this.snapshotAt >= SNAPSHOT_MIN_MS &&
      content.length >= 2 * this.snapshotLength
    );
  }
}
