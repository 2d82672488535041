import { UiFailure } from "./failure";
import type { UiLimits } from "./types";

const now: () => number =
  typeof performance !== "undefined" ? () => performance.now() : () => Date.now();

const CLOCK_INTERVAL = 32;

/** Why a block or a reply was refused for running out of one of its limits. */
export function budgetMessage(scope: "block" | "reply", limit: string): string {
  return `The ${scope} ran out of its ${limit} budget.`;
}

/** A refusal that time alone caused: the same work may pass at a less busy moment. */
export function isTimeRefusal(message: string): boolean {
  return (
    message === budgetMessage("block", "milliseconds") ||
    message === budgetMessage("reply", "milliseconds")
  );
}

/** Counts the work of one compile or evaluation; running out throws `budget_exceeded`. */
export class UiBudget {
  readonly limits: UiLimits;
  steps = 0;
  iterations = 0;
  private readonly deadline: number;
  private nextClockCheck = 0;

  constructor(limits: UiLimits) {
    this.limits = limits;
    this.deadline = now() + limits.milliseconds;
  }

  step(cost = 1): void {
    this.steps += cost;
    if (this.steps > this.limits.steps) this.fail("steps");
    // Reading the clock costs more than a step itself, so it is read every 32 steps of work:
    // a block overruns its time by at most that many steps.
    if (this.steps >= this.nextClockCheck) {
      this.nextClockCheck = this.steps + CLOCK_INTERVAL;
      if (now() > this.deadline) this.fail("milliseconds");
    }
  }

  iterate(count = 1): void {
    this.iterations += count;
    if (this.iterations > this.limits.iterations) this.fail("iterations");
    this.step();
  }

  checkDepth(depth: number): void {
    this.step();
    if (depth > this.limits.depth) this.fail("depth");
  }

  checkString(text: string): string {
    if (text.length > this.limits.stringLength) this.fail("stringLength");
    this.step(text.length);
    return text;
  }

  private fail(limit: string): never {
    throw UiBudget.exceeded(limit);
  }

  static exceeded(limit: string): UiFailure {
    return new UiFailure("budget_exceeded", budgetMessage("block", limit));
  }
}
