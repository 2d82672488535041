// `npm run load`: how the app holds up under load on this machine, each figure a ratio to a
// baseline measured in the same run, next to its aim: throughput of answers and messages against
// the health check, a selection against a bare insert, 5xx and stranded chats at 128 clients, 200
// viewers of one streaming chat, the event log a reply leaves, the chat page's first byte by
// length, and a message's first streamed delta. It starts its own PostgreSQL and `next start`
// (building first unless told to reuse a build), prints the table, and writes it with the command
// to tools/docs/performance.md (full runs only, or with --write).
//   --only=throughput,selection,viewers,event-log,page,first-delta,search,profile   --reuse-build   --short   --write   --<size>=N (load/context.ts)
import { loadavg } from "node:os";
import { join } from "node:path";
import { runScenarios } from "./reliability/scenarios";
import { buildApp } from "./reliability/server";
import {
  DEFAULT_SIZES,
  LOAD_ENV,
  type Load,
  serverFor,
  SHORT_SIZES,
  type Sizes,
} from "./load/context";
import { eventLog } from "./load/event-log";
import { enableStatementStats } from "./load/measure";
import { firstDelta, selectionLatency } from "./load/latency";
import { page } from "./load/page";
import { profile } from "./load/profile";
import { collector, finish, parseRunFlags } from "./load/report";
import { throughput } from "./load/throughput";
import { search } from "./load/search";
import { viewers } from "./load/viewers";

const SCENARIOS = [
  throughput,
  selectionLatency,
  viewers,
  eventLog,
  page,
  firstDelta,
  search,
  profile,
];
// Scenarios that time the database alone: a run of only these needs no build.
const WITHOUT_SERVER = new Set(["search"]);
const root = join(__dirname, "..");

function parseFlags(argv: string[]) {
  const flags = parseRunFlags(argv, SCENARIOS, Object.keys(DEFAULT_SIZES));
  // A size given on the command line holds, with or without --short.
  const sizes: Sizes = { ...DEFAULT_SIZES, ...(flags.short ? SHORT_SIZES : {}), ...flags.values };
  return { ...flags, sizes };
}

async function main(): Promise<void> {
  const { sizes, only, reuseBuild, write } = parseFlags(process.argv.slice(2));
  const started = new Date();
  const command = `npm run load${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const load0 = loadavg()[0]!;
  console.log(`load: ${command}`);
  console.log(
    `sizes: ${Object.entries(sizes)
      .map(([name, value]) => `${name}=${value}`)
      .join(" ")}`,
  );
  const settings = `${Object.entries(LOAD_ENV)
    .map(([name, value]) => `${name}=${value}`)
    .join(
      ", ",
    )} (each client is a visitor of its own; raised so that no per-visitor limit refuses the load), AGENT_DELTA_MS per figure`;
  console.log(`server: ${settings}`);
  if (only.some((name) => !WITHOUT_SERVER.has(name))) buildApp({ reuse: reuseBuild });
  const run = collector();
  let statementStats = false;
  await runScenarios<Load>({
    prefix: "answerable-load-",
    scenarios: SCENARIOS,
    only,
    prepare: async (database) => {
      statementStats = await enableStatementStats(database);
    },
    context: (database, rows) => ({
      database,
      rows,
      sizes,
      statementStats,
      server: serverFor(database.url, run.note),
      figure: run.figure,
      note: run.note,
    }),
  });
  finish({ root, command, started, load0, settings, write }, run);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
