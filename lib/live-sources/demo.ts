import { z } from "zod";
import { SourceRefusal } from "./refusal";
import { exampleWeatherSource } from "./example-weather";
import { BRANCHES, QUERY_ARGS } from "./query-args";
import { defineLiveSource, liveSourceMap } from "./source";

// Deterministic mock data that changes over time: every value is a function of its arguments and
// of the 10-second window the read falls in, so a test that fixes the clock can predict it.

export const WINDOW_MS = 10_000;

/** A small deterministic hash: the same inputs give the same number on every machine. */
function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++)
    value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return value >>> 0;
}

const JOBS = ["lint", "unit", "e2e", "build"] as const;

const runSchema = z.object({
  job: z.string(),
  status: z.enum(["passed", "failed", "running"]),
  ms: z.number().int().nonnegative(),
});

export function ciRuns(branch: (typeof BRANCHES)[number], now: number) {
  const window = Math.floor(now / WINDOW_MS);
  const runs = JOBS.map((job) => {
    const roll = hash(`${branch}:${job}:${window}`) % 10;
    // `main` is mostly green, `dev` flaky, `release` often running: the branches read differently.
    const failBelow = branch === "main" ? 2 : branch === "dev" ? 5 : 3;
    const status =
      roll < failBelow
        ? ("failed" as const)
        : roll < failBelow + 2
          ? ("running" as const)
          : ("passed" as const);
    return { job, status, ms: 800 + (hash(`${job}:${window}`) % 90_000) };
  });
  const failedJobs = runs.filter((run) => run.status === "failed").map((run) => run.job);
  return { branch, window, failing: failedJobs.length, failedJobs, runs };
}

const ciRunsSource = defineLiveSource({
  name: "ci.runs",
  description:
    "The latest CI run of each job on a branch: { branch, failing, failedJobs: [job], runs: [{ job, status: passed|failed|running, ms }] }.",
  args: QUERY_ARGS["ci.runs"],
  result: z.object({
    branch: z.string(),
    window: z.number(),
    failing: z.number().int(),
    failedJobs: z.array(z.string()),
    runs: z.array(runSchema),
  }),
  // The chat's `ci` grant, which the person may withdraw (and restore) from the chat.
  authorize: ({ grants }) => {
    if (!grants.includes("ci"))
      throw new SourceRefusal(
        "ci-access-withdrawn",
        "CI access was withdrawn from this chat; restore it to see the runs.",
      );
    return true;
  },
  read: async ({ branch }, { now }) => ciRuns(branch, now),
});

const deployStatusSource = defineLiveSource({
  name: "deploy.status",
  description:
    "A service's current deploy: { service, version, state: live|rolling|failed, percent }. Billing is not readable from chats.",
  args: QUERY_ARGS["deploy.status"],
  result: z.object({
    service: z.string(),
    version: z.string(),
    state: z.enum(["live", "rolling", "failed"]),
    percent: z.number(),
  }),
  // Not every visitor may read every service: billing stays private, so its readings are refused.
  authorize: (_context, { service }) => {
    if (service === "billing")
      throw new SourceRefusal(
        "billing-private",
        "Billing deploys are visible to the billing team only.",
      );
    return true;
  },
  read: async ({ service }, { now }) => {
    const window = Math.floor(now / WINDOW_MS);
    const step = hash(`${service}:${window}`) % 4;
    const state =
      step === 0 ? ("failed" as const) : step === 1 ? ("rolling" as const) : ("live" as const);
    return {
      service,
      version: `1.${window % 50}.${step}`,
      state,
      percent: step === 1 ? 25 * (1 + (window % 3)) : 100,
    };
  },
});

const tasksOpenSource = defineLiveSource({
  name: "tasks.open",
  description: "Open tasks of a project: { project, tasks: [{ title, owner }] }.",
  args: QUERY_ARGS["tasks.open"],
  result: z.object({
    project: z.string(),
    tasks: z.array(z.object({ title: z.string(), owner: z.string() })),
  }),
  authorize: () => true,
  read: async ({ project }, { now }) => {
    const count = 1 + (hash(`${project}:${Math.floor(now / WINDOW_MS)}`) % 4);
    return {
      project,
      tasks: Array.from({ length: count }, (_, index) => ({
        title: `${project} task ${index + 1}`,
        owner: ["ada", "grace", "linus"][index % 3]!,
      })),
    };
  },
});

// #region register
/** The sources this app registers; blocks may `@Query` these and nothing else. */
export const DEMO_SOURCES = liveSourceMap([
  ciRunsSource,
  deployStatusSource,
  tasksOpenSource,
  exampleWeatherSource,
]);
// #endregion register
