// What every load scenario is given: the database, a reader of its rows, the sizes, a way to start
// the server with the load's settings, and where its figures go.
import type { Rows } from "../reliability/chats";
import { percentile } from "../reliability/http";
import { startServer, type Server, type Database } from "../reliability/server";

/** Full-run sizes; each can be set with a flag of the same name. */
export const DEFAULT_SIZES = {
  /** How long each health baseline runs. */
  "health-seconds": 5,
  /** Requests in each throughput run (selections, `chat.uiChoice`, messages), at each client count. */
  picks: 512,
  viewers: 200,
  /** Rounds of one viewer and of all viewers, interleaved. */
  "viewer-rounds": 2,
  /** Sequential samples for the selection and first-delta latencies. */
  samples: 40,
  /** Chat page requests per size, interleaved (the aim asks for at least 20). */
  "page-samples": 24,
  "page-items": 200,
  /** Chat searches (and as many primary-key lookups, in turn) over 10,000 seeded chats. */
  "search-samples": 200,
  /** Selections at 32 clients under `--cpu-prof`; 0 skips the profile. */
  "profile-picks": 256,
  /** Gallery replies between two checkpoints, round the cycle chats, for the WAL a whole cycle costs. */
  "cycle-replies": 24,
};

export type Sizes = typeof DEFAULT_SIZES;

/** `--short`: every figure at a smaller size, no profile; about two minutes. */
export const SHORT_SIZES: Sizes = {
  "health-seconds": 2,
  picks: 96,
  viewers: 200,
  "viewer-rounds": 1,
  samples: 12,
  "page-samples": 20,
  "page-items": 200,
  "search-samples": 100,
  "profile-picks": 0,
  "cycle-replies": 8,
};

/**
 * Settings of every load server. Each load client is a visitor of its own, but a throughput run
 * sends one visitor hundreds of requests in seconds and gives it hundreds of chats: the per-visitor
 * request budget, chat cap and new visitors per instance are raised so that no limit refuses the load.
 */
export const LOAD_ENV = {
  RATE_LIMIT_REQUESTS: "1000000",
  MAX_CHATS_PER_VISITOR: "1000000",
  NEW_VISITORS_PER_INSTANCE: "1000000",
};

/** One row of the table: a figure, the baseline it is a ratio of, and its aim. */
export type Figure = {
  figure: string;
  measured: string;
  baseline: string;
  ratio: string;
  aim: string;
  /** Undefined where the aim is to report the figure. */
  met?: boolean;
  /** Where the aim is not met: why, from what the same run measured (where the time or the bytes went). */
  why?: string;
};

export type Load = {
  database: Database;
  rows: Rows;
  sizes: Sizes;
  /** Whether pg_stat_statements is loaded (measure.ts). */
  statementStats: boolean;
  figure: (figure: Figure) => void;
  /** A line under the table: what a figure is made of, or where the time went. */
  note: (line: string) => void;
  /** `next start` with the load's settings and the scenario's own (the agent's pace). */
  server: (env: Record<string, string>, nodeArgs?: string[]) => Promise<Server>;
};

export type Scenario = { name: string; run: (load: Load) => Promise<void> };

/** Starts servers with the load's settings; each says, as it stops, what it logged as unhandled or dropped. */
export function serverFor(databaseUrl: string, note: (line: string) => void) {
  return async (env: Record<string, string>, nodeArgs: string[] = []): Promise<Server> => {
    const server = await startServer({ databaseUrl, env: { ...LOAD_ENV, ...env }, nodeArgs });
    return {
      ...server,
      async stop() {
        await server.stop();
        const logged = [...server.errors, ...server.droppedReplies];
        if (logged.length > 0)
          note(
            `the server logged ${logged.length} unhandled errors or dropped replies; the first: ${logged[0]}`,
          );
      },
    };
  };
}

/** A ratio for the table, `3.2×`. */
export const times = (value: number, baseline: number) => `${(value / baseline).toFixed(1)}×`;

/** A share for the table, `41 %`. */
export const share = (value: number, baseline: number) =>
  `${Math.round((100 * value) / baseline)} %`;

export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/** Samples a percentile needs before it says anything: one in a hundred needs a hundred. */
export const enoughFor = (samples: readonly unknown[], at: number) =>
  samples.length >= Math.ceil(100 / (100 - at));

/** `p99 51 ms`; with too few samples for one, the largest and why: `max 51 ms (12 samples, too few for a p99)`. */
export function tail(samples: readonly number[], at = 99): string {
  if (enoughFor(samples, at)) return `p${at} ${ms(percentile(samples, at))}`;
  return `max ${ms(Math.max(...samples))} (${samples.length} samples, too few for a p${at})`;
}

export const sleep = (milliseconds: number) =>
  new Promise((resolve) => setTimeout(resolve, milliseconds));
