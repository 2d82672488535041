// `npm run load:browser`: what a person feels in the browser, each figure beside its aim: typing
// in a long chat while a reply streams, script per streamed event, first-load JS and Lighthouse's
// mobile scores. It starts its own PostgreSQL and `next start` (building first unless told to reuse
// a build), prints the table, and writes it to docs/performance.md (full runs, or with --write).
//   --only=typing,stream-script,first-load-js,lighthouse   --reuse-build   --short   --write
import { loadavg } from "node:os";
import { join } from "node:path";
import { runScenarios } from "./reliability/scenarios";
import { buildApp } from "./reliability/server";
import { bundle } from "./load/browser-bundle";
import type { BrowserLoad } from "./load/browser-context";
import { lighthouseScores } from "./load/browser-lighthouse";
import { streamScript } from "./load/browser-stream";
import { typing } from "./load/browser-typing";
import { serverFor } from "./load/context";
import { collector, finish } from "./load/report";

const SCENARIOS = [typing, streamScript, bundle, lighthouseScores];
const root = join(__dirname, "..");
const NAME = "npm run load:browser";

function parseFlags(argv: string[]) {
  let only: string[] | undefined;
  let [reuseBuild, short, write] = [false, false, false];
  for (const arg of argv) {
    const [name = "", value] = arg.replace(/^--/, "").split("=");
    if (name === "reuse-build") reuseBuild = true;
    else if (name === "short") short = true;
    else if (name === "write") write = true;
    else if (name === "only" && value) only = value.split(",");
    else throw new Error(`unknown flag ${arg}`);
  }
  const unknown = (only ?? []).filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(", ")}`);
  return { short, only: only ?? SCENARIOS.map((scenario) => scenario.name), reuseBuild, write: write || (!short && !only) };
}

async function main(): Promise<void> {
  const { short, only, reuseBuild, write } = parseFlags(process.argv.slice(2));
  const started = new Date();
  const command = `${NAME}${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const load0 = loadavg()[0]!;
  console.log(`load: ${command} (load average ${load0.toFixed(1)})`);
  buildApp({ reuse: reuseBuild });
  const run = collector();
  await runScenarios<BrowserLoad>({
    prefix: "answerable-load-browser-",
    scenarios: SCENARIOS,
    only,
    context: (database, rows) => ({
      databaseUrl: database.url,
      rows,
      short,
      server: serverFor(database.url, run.note),
      figure: run.figure,
      note: run.note,
    }),
  });
  const settings = "the load's (load/context.ts); AGENT_DELTA_MS=35 while typing";
  finish({ root, name: NAME, heading: "## Browser (`npm run load:browser`)\n\n", command, started, load0, machine: ", system Chromium", settings, write }, run);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
