// `npm run reliability`: replays hostile requests, races, crashes, an outage, many streams and fuzzed blocks against a production build and prints
// figures: hostile requests and the 5xx they got, forged picks and other edges, concurrent picks
// and double answers, kill -9 mid-turn and what recovery left (read, and unread), a PostgreSQL
// outage, 1,000 concurrent streams, fuzzed blocks and a flood of new visitors. It starts its own
// PostgreSQL and `next start`, builds first unless told to reuse one.
// Not part of `npm test`: the full sizes take many minutes on two cores.
//   --only=hostile,edges,picks,crashes,unread,outage,streams,fuzz,newcomers   --reuse-build   --short   --<size>=N (suite.ts)
import { crashes } from "./reliability/crashes";
import { edges } from "./reliability/edges";
import { fuzz } from "./reliability/fuzz";
import { hostile } from "./reliability/hostile";
import { apiRefusals } from "./reliability/http";
import { newcomers } from "./reliability/newcomers";
import { outage } from "./reliability/outage";
import { picks } from "./reliability/picks";
import { runScenarios } from "./reliability/scenarios";
import { buildApp } from "./reliability/server";
import { streams } from "./reliability/streams";
import { DEFAULT_SIZES, n, SHORT_SIZES, type Sizes, type Suite } from "./reliability/suite";
import { unread } from "./reliability/unread";

// The flood of new visitors last: its server's bound is small on purpose.
const SCENARIOS = [hostile, edges, picks, crashes, unread, outage, streams, fuzz, newcomers];

function parseFlags(argv: string[]) {
  const sizes: Sizes = { ...DEFAULT_SIZES };
  let only = SCENARIOS.map((scenario) => scenario.name);
  let reuseBuild = false;
  for (const arg of argv) {
    const [name = "", value] = arg.replace(/^--/, "").split("=");
    if (name === "reuse-build") reuseBuild = true;
    else if (name === "short") Object.assign(sizes, SHORT_SIZES);
    else if (name === "only" && value) only = value.split(",");
    else if (name in sizes && value && /^[0-9]+$/.test(value))
      sizes[name as keyof Sizes] = Number(value);
    else throw new Error(`unknown flag ${arg}; sizes: ${Object.keys(sizes).join(", ")}`);
  }
  const unknown = only.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(", ")}`);
  return { sizes, only, reuseBuild };
}

async function main(): Promise<number> {
  const { sizes, only, reuseBuild } = parseFlags(process.argv.slice(2));
  const started = Date.now();
  console.log(
    `reliability: node tools/reliability.ts ${process.argv.slice(2).join(" ")}`.trimEnd(),
  );
  console.log(
    `sizes: ${Object.entries(sizes)
      .map(([name, value]) => `${name}=${value}`)
      .join(" ")}`,
  );
  const needsServer = only.some((name) => name !== "fuzz");
  if (needsServer) buildApp({ reuse: reuseBuild });
  const findings: string[] = [];
  const lines: string[] = [];
  const print = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const fail = (what: string) => {
    findings.push(what);
    console.log(`  ✗ ${what}`);
  };
  await runScenarios<Suite>({
    prefix: "answerable-reliability-",
    scenarios: SCENARIOS,
    only,
    context: (database, rows) => ({ database, rows, sizes, print, fail }),
  });
  // Every 4xx any scenario received under /api, whichever check sent it, must name its code.
  const { seen, uncoded } = apiRefusals;
  print(
    `api      ${n(seen)} answers 4xx under /api across the run: ${n(uncoded.length)} without a JSON code${uncoded.length > 0 ? ` (${uncoded.slice(0, 3).join("; ")})` : ""}`,
  );
  if (uncoded.length > 0)
    fail(`/api 4xx without a code across the run: ${uncoded.length}, first ${uncoded[0]}`);
  console.log(`\nfigures (${Math.round((Date.now() - started) / 1000)} s):\n${lines.join("\n")}`);
  console.log(
    findings.length === 0
      ? "aims met: 0 × 5xx, 0 lost, 0 duplicated, 0 stuck, 0 forged picks accepted, 0 foreign-origin writes, 0 expired cookies accepted, 0 turns stuck without a reader after the sweep interval, new visitors within their bound, every /api 4xx with a code"
      : `${findings.length} aims missed:\n${findings.join("\n")}`,
  );
  return findings.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
