// What every scenario of the reliability suite is given, and the sizes it runs at.
import type { Rows } from "./chats";
import type { Database } from "./server";

/** The sizes are the defaults; each can be set with a flag of the same name. */
export const DEFAULT_SIZES = {
  "hostile-rounds": 10,
  "parallel-creations": 200,
  "pick-trials": 100,
  "pick-concurrency": 50,
  "crash-trials": 20,
  "unread-chats": 8,
  "outage-seconds": 30,
  streams: 1_000,
  "fuzz-blocks": 100_000,
  "new-visitors": 600,
};

export type Sizes = typeof DEFAULT_SIZES;

/** `--short`: a few minutes in all, for CI; every attack still runs. */
export const SHORT_SIZES: Sizes = {
  "hostile-rounds": 2,
  "parallel-creations": 50,
  "pick-trials": 5,
  "pick-concurrency": 20,
  "crash-trials": 2,
  "unread-chats": 4,
  "outage-seconds": 5,
  streams: 100,
  "fuzz-blocks": 2_000,
  // The flood is the attack: 600 in 30 s even in a short run.
  "new-visitors": 600,
};

export type Suite = {
  database: Database;
  rows: Rows;
  sizes: Sizes;
  /** Prints a figure line and keeps it for the summary. */
  print: (line: string) => void;
  /** Counts a finding that breaks an aim (a 5xx, a loss, a duplicate, a stuck state, a write that should have been refused). */
  fail: (what: string) => void;
};

export type Scenario = { name: string; run: (suite: Suite) => Promise<void> };

/** `1234567` as `1,234,567`. */
export const n = (value: number) => value.toLocaleString("en-US");

/** A ratio for a figure line, `3.2×`. */
export const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(1)}×`;
