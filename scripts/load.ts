// `npm run load`: how the app holds up under load on this machine, each figure a ratio to a
// baseline measured in the same run, next to its aim: throughput of answers and messages against
// the health check, a selection against a bare insert, 5xx and stranded chats at 128 clients, 200
// viewers of one streaming chat, the event log a reply leaves, the chat page's first byte by
// length, and a message's first streamed delta. It starts its own PostgreSQL and `next start`
// (building first unless told to reuse a build), prints the table, and writes it with the command
// to docs/performance.md (full runs only, or with --write).
//   --only=throughput,selection,viewers,event-log,page,first-delta,search,profile   --reuse-build   --short   --write   --<size>=N (load/context.ts)
import { execSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { runScenarios } from "./reliability/scenarios";
import { buildApp } from "./reliability/server";
import { DEFAULT_SIZES, type Figure, LOAD_ENV, type Load, serverFor, SHORT_SIZES, type Sizes } from "./load/context";
import { eventLog } from "./load/event-log";
import { enableStatementStats } from "./load/measure";
import { firstDelta, selectionLatency } from "./load/latency";
import { page } from "./load/page";
import { profile } from "./load/profile";
import { section, table, whyNotMet, writeSection } from "./load/report";
import { throughput } from "./load/throughput";
import { search } from "./load/search";
import { viewers } from "./load/viewers";

const SCENARIOS = [throughput, selectionLatency, viewers, eventLog, page, firstDelta, search, profile];
// Scenarios that time the database alone: a run of only these needs no build.
const WITHOUT_SERVER = new Set(["search"]);
const root = join(__dirname, "..");

function parseFlags(argv: string[]) {
  const sizes: Sizes = { ...DEFAULT_SIZES };
  let only: string[] | undefined;
  let [reuseBuild, short, write] = [false, false, false];
  for (const arg of argv) {
    const [name = "", value] = arg.replace(/^--/, "").split("=");
    if (name === "reuse-build") reuseBuild = true;
    else if (name === "short") {
      short = true;
      Object.assign(sizes, SHORT_SIZES);
    }
    else if (name === "write") write = true;
    else if (name === "only" && value) only = value.split(",");
    else if (name in sizes && value && /^[0-9]+$/.test(value)) sizes[name as keyof Sizes] = Number(value);
    else throw new Error(`unknown flag ${arg}; sizes: ${Object.keys(sizes).join(", ")}`);
  }
  const unknown = (only ?? []).filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(", ")}`);
  // A partial or short run prints its figures but leaves the full run's in the docs.
  return { sizes, only: only ?? SCENARIOS.map((scenario) => scenario.name), reuseBuild, write: write || (!short && !only) };
}

function commit(): string {
  const head = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
  // The figures' own file aside: the run rewrites it.
  const dirty = execSync("git status --porcelain --untracked-files=no -- . :!docs/performance.md", { cwd: root }).toString().trim() !== "";
  return dirty ? `${head} with uncommitted changes` : head;
}

async function main(): Promise<void> {
  const { sizes, only, reuseBuild, write } = parseFlags(process.argv.slice(2));
  const started = new Date();
  const command = `npm run load${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const load0 = loadavg()[0]!;
  console.log(`load: ${command}`);
  console.log(`sizes: ${Object.entries(sizes).map(([name, value]) => `${name}=${value}`).join(" ")}`);
  const settings = `${Object.entries(LOAD_ENV).map(([name, value]) => `${name}=${value}`).join(", ")} (each client is a visitor of its own; raised so that no per-visitor limit refuses the load), AGENT_DELTA_MS per figure`;
  console.log(`server: ${settings}`);
  if (only.some((name) => !WITHOUT_SERVER.has(name))) buildApp({ reuse: reuseBuild });
  const [figures, notes]: [Figure[], string[]] = [[], []];
  const note = (line: string) => {
    notes.push(line);
    console.log(`  ${line}`);
  };
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
      server: serverFor(database.url, note),
      figure: (figure) => {
        figures.push(figure);
        console.log(`  ${figure.figure}: ${figure.measured} (${figure.ratio} of ${figure.baseline}; aim ${figure.aim})`);
        if (figure.met === false && figure.why) console.log(`    not met: ${figure.why}`);
      },
      note,
    }),
  });
  const seconds = Math.round((Date.now() - started.getTime()) / 1_000);
  console.log(`\n${table(figures)}\n\n${whyNotMet(figures).join("\n")}\n(${seconds} s)`);
  const machine = `${cpus().length} cores, Node ${process.version}, load average ${load0.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end`;
  if (write) {
    writeSection(join(root, "docs/performance.md"), section({ command, commit: commit(), started, seconds, machine, settings }, figures, notes));
    console.log("written to docs/performance.md");
  } else console.log("docs/performance.md left as it was (a short or partial run; --write writes it)");
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
