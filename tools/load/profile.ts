// Where the server's time goes: a selection run at 32 clients, and one reply streamed to 200
// viewers, each on a server under `node --cpu-prof`, its samples cut to the run's window, self time summed by source module (the build's source maps
// turn bundled chunks back into the files and packages they came from).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { SourceMap } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Visitor } from "../reliability/http";
import type { Server } from "../reliability/server";
import type { Load, Scenario } from "./context";
import { monotonicMicros } from "./measure";
import { prepareTargets } from "./targets";
import { throughputRun } from "./throughput";
import { round } from "./viewers";

type ProfileNode = {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};
type Profile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

const CLIENTS = 32;
const TOP = 12;

const maps = new Map<string, SourceMap | null>();

function sourceMap(file: string): SourceMap | null {
  if (!maps.has(file))
    maps.set(
      file,
      existsSync(`${file}.map`)
        ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")))
        : null,
    );
  return maps.get(file)!;
}

/** A package name, or an app file, for where a function's source lives. */
function moduleOf(path: string): string {
  const decoded = decodeURIComponent(path);
  const inPackage =
    /node_modules\/((?:@[^/]+\/)?[^/]+)(?:\/dist\/compiled\/((?:@[^/]+\/)?[^/]+))?/.exec(decoded);
  if (inPackage) return inPackage[2] ? `${inPackage[1]} (compiled ${inPackage[2]})` : inPackage[1]!;
  return decoded.replace(/^(\.\.\/)+/, "");
}

function labelOf({
  functionName,
  url,
  lineNumber,
  columnNumber,
}: ProfileNode["callFrame"]): string | null {
  if (functionName === "(idle)") return null;
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)") return "(program: V8 and native code outside JavaScript)";
  if (url.startsWith("wasm://")) return "WebAssembly (Prisma's query compiler)";
  if (url.startsWith("node:"))
    return `node (${
      url
        .slice(5)
        .replace(/^internal\//, "")
        .replace(/^deps\//, "")
        .split("/")[0]
    })`;
  // Native code (V8 builtins, Node's bindings): named by function, e.g. `native writev`.
  if (!url) return `native ${functionName || "(anonymous)"}`;
  if (!url.startsWith("file://")) return url;
  const file = fileURLToPath(url);
  // A package loaded from node_modules is named by its path; a bundled chunk by its source map.
  if (file.includes("/node_modules/")) return moduleOf(file);
  const entry = sourceMap(file)?.findEntry(lineNumber, columnNumber) as
    { originalSource?: string } | undefined;
  return moduleOf(entry?.originalSource ?? file.replace(`${process.cwd()}/`, ""));
}

type Summary = { busy: number; total: number; modules: Array<[string, number]>; windowed: boolean };

/**
 * Self time by module within [from, to] (monotonic µs), or over the whole profile when the window
 * lies outside it. Time in native code and Node's core modules is charged to the nearest caller
 * in a package or an app file, the code that asked for it; what no such caller asked for (a
 * socket write Node flushes on its own) keeps its own name.
 */
function summarise(profile: Profile, from: number, to: number): Summary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map(
    profile.nodes.flatMap((node) =>
      (node.children ?? []).map((child) => [child, node.id] as const),
    ),
  );
  const labels = new Map<number, string | null>();
  const charge = (id: number): string | null => {
    if (labels.has(id)) return labels.get(id)!;
    const own = labelOf(nodes.get(id)!.callFrame);
    const parent = parents.get(id);
    let label = own;
    const runtime = (label: string | null) =>
      label?.startsWith("native ") || label?.startsWith("node (");
    if (runtime(own) && parent !== undefined) {
      const caller = charge(parent);
      if (caller && !runtime(caller) && !caller.startsWith("(")) label = caller;
    }
    labels.set(id, label);
    return label;
  };
  const windowed = from >= profile.startTime && to <= profile.endTime;
  const self = new Map<string, number>();
  let [at, total] = [profile.startTime, 0];
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (windowed && (at < from || at > to)) return;
    const delta = profile.timeDeltas[index + 1] ?? 0;
    total += delta;
    const label = charge(id);
    if (label) self.set(label, (self.get(label) ?? 0) + delta);
  });
  const modules = [...self].sort((a, b) => b[1] - a[1]);
  return { busy: modules.reduce((sum, [, value]) => sum + value, 0), total, modules, windowed };
}

async function profiled(
  load: Load,
  env: Record<string, string>,
  label: string,
  work: (server: Server) => Promise<[number, number]>,
): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), "answerable-profile-"));
  const server = await load.server(env, ["--cpu-prof", `--cpu-prof-dir=${folder}`]);
  let window: [number, number] = [0, 0];
  try {
    window = await work(server);
  } finally {
    // The profile is written as the process exits.
    await server.stop();
  }
  try {
    const file = readdirSync(folder).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("next start wrote no CPU profile");
    const summary = summarise(
      JSON.parse(readFileSync(join(folder, file), "utf8")) as Profile,
      ...window,
    );
    const percent = (value: number) => `${((100 * value) / summary.busy).toFixed(1)} %`;
    load.note(
      `server CPU profile, ${label} (${summary.windowed ? "its window" : "the whole process: the window did not match the profile's clock"}): ${(summary.busy / 1e6).toFixed(1)} s busy of ${(summary.total / 1e6).toFixed(1)} s; self time by module (native code charged to its caller):`,
    );
    for (const [name, value] of summary.modules.slice(0, TOP))
      load.note(`  ${percent(value).padStart(6)}  ${name}`);
    const rest = summary.modules.slice(TOP).reduce((sum, [, value]) => sum + value, 0);
    load.note(
      `  ${percent(rest).padStart(6)}  ${Math.max(0, summary.modules.length - TOP)} other modules`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function run(load: Load): Promise<void> {
  const picks = load.sizes["profile-picks"];
  if (picks === 0) return;
  await profiled(
    load,
    { AGENT_DELTA_MS: "1" },
    `selections at ${CLIENTS} clients`,
    async (server) => {
      const targets = await prepareTargets(
        server.base,
        load.rows,
        "selections",
        CLIENTS,
        Math.max(1, Math.round(picks / CLIENTS)),
      );
      const from = monotonicMicros();
      const result = await throughputRun(
        load,
        server,
        targets,
        `profiled selections, ${CLIENTS} clients`,
      );
      load.note(`${result.line} (under --cpu-prof)`);
      return [from, monotonicMicros()];
    },
  );
  await profiled(
    load,
    {},
    `one reply streamed to ${load.sizes.viewers} viewers`,
    async (server) => {
      const visitor = new Visitor(server.base);
      const chatId = String((await visitor.post("/api/chats", {})).body.chatId);
      await round(load, server.pid, visitor, chatId, load.sizes.viewers);
      const streamed = await round(load, server.pid, visitor, chatId, load.sizes.viewers);
      load.note(
        `profiled round of ${load.sizes.viewers} viewers: ${streamed.events} events, server CPU ${streamed.cpu.toFixed(2)} s from the message to the last page's last event (under --cpu-prof)`,
      );
      return streamed.window;
    },
  );
}

export const profile: Scenario = { name: "profile", run };
