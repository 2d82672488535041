import type { RateLimit } from "@/lib/config";
import { AppError } from "./errors";

export function rateLimited(limit: RateLimit, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  return new AppError(
    "rate-limited",
    `Too many requests: at most ${limit.requests} every ${limit.windowSeconds} s. Try again in ${seconds} s.`,
    undefined,
    {
      retryAfterSeconds: seconds,
    },
  );
}

/** In this process's memory: bounds an instance, for new visitors whose address nothing names. */
export class InstanceWindow {
  private windowStart = 0;
  private count = 0;

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one, or throws 429 `rate-limited` (counting nothing) once the window is full. */
  take(): void {
    const length = this.limit.windowSeconds * 1000;
    const now = this.now();
    const start = Math.floor(now / length) * length;
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.count = 0;
    }
    if (this.count >= this.limit.requests)
      throw rateLimited(this.limit, Math.ceil((start + length - now) / 1000));
    this.count++;
  }
}
