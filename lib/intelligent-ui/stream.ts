import { compileReply, type ReplyCache } from "./compile-reply";
import type { CompileUiOptions, UiBlock } from "./types";

/**
 * Incremental compile of one streaming reply: fences that did not change keep their blocks, a
 * growing fence resumes where its parse stopped, and only the new tail of the text is scanned.
 */
export class UiCompiler {
  private readonly cache: ReplyCache = { text: "", blocks: new Map() };

  constructor(private readonly options: Omit<CompileUiOptions, "final"> = {}) {}

  /** The blocks of `text`; a `final` call recompiles everything. */
  compile(text: string, final = false): UiBlock[] {
    return compileReply(text, this.options, final, this.cache);
  }
}

/** Timers for `UiStream`; tests pass a fake one. */
export interface UiClock {
  now(): number;
  setTimer(callback: () => void, milliseconds: number): unknown;
  clearTimer(handle: unknown): void;
}

const systemClock: UiClock = {
  now: () => (typeof performance !== "undefined" ? performance.now() : Date.now()),
  setTimer: (callback, milliseconds) => setTimeout(callback, milliseconds),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface UiStreamOptions extends Omit<CompileUiOptions, "final"> {
  /** Receives each preview. */
  onBlocks(blocks: UiBlock[]): void;
  /** At most one preview per interval; 250 ms by default. */
  intervalMilliseconds?: number;
  clock?: UiClock;
}

/** Throttled previews of a streaming reply: the first update compiles at once, then at most every 250 ms. */
export class UiStream {
  private readonly compiler: UiCompiler;
  private readonly clock: UiClock;
  private readonly interval: number;
  private lastCompile = -Infinity;
  private pending: string | undefined;
  private timer: unknown;
  private disposed = false;

  constructor(private readonly options: UiStreamOptions) {
    const { onBlocks: _onBlocks, intervalMilliseconds, clock, ...compileOptions } = options;
    this.compiler = new UiCompiler(compileOptions);
    this.clock = clock ?? systemClock;
    this.interval = intervalMilliseconds ?? 250;
  }

  update(text: string): void {
    if (this.disposed) return;
    const wait = this.lastCompile + this.interval - this.clock.now();
    if (wait <= 0 && this.timer === undefined) return this.preview(text);
    this.pending = text;
    this.timer ??= this.clock.setTimer(
      () => {
        this.timer = undefined;
        const next = this.pending;
        this.pending = undefined;
        if (next !== undefined && !this.disposed) this.preview(next);
      },
      Math.max(0, wait),
    );
  }

  /** Cancels a pending preview and returns the final blocks. */
  finish(text: string): UiBlock[] {
    this.cancel();
    return this.compiler.compile(text, true);
  }

  dispose(): void {
    this.disposed = true;
    this.cancel();
  }

  private preview(text: string): void {
    this.lastCompile = this.clock.now();
    this.options.onBlocks(this.compiler.compile(text));
  }

  private cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }
}
