// `npm run load:browser`: what a person feels in the browser, each figure beside its aim: typing
// in a long chat while a reply streams, script per streamed event, first-load JS and Lighthouse's
// mobile scores. It starts its own PostgreSQL and `next start` (building first unless told to reuse
// a build), prints the table, and writes it to tools/docs/performance.md (full runs, or with --write).
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
import { collector, finish, parseRunFlags } from "./load/report";

const SCENARIOS = [typing, streamScript, bundle, lighthouseScores];
const root = join(__dirname, "..");
const NAME = "npm run load:browser";

async function main(): Promise<void> {
  const { short, only, reuseBuild, write } = parseRunFlags(process.argv.slice(2), SCENARIOS);
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
  finish(
    {
      root,
      name: NAME,
      heading: "## Browser (`npm run load:browser`)\n\n",
      command,
      started,
      load0,
      machine: ", system Chromium",
      settings,
      write,
    },
    run,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
