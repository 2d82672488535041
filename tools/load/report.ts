// The table `npm run load` prints, and the section of tools/docs/performance.md it rewrites with it.
import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import type { Figure } from "./context";

// Each command rewrites its own section: `npm run load`'s and `npm run load:browser`'s stand apart.
const begin = (name: string) => `<!-- ${name}: figures begin -->`;
const end = (name: string) => `<!-- ${name}: figures end -->`;

const escape = (text: string) => text.replace(/\|/g, "\\|");

function mark(met: boolean | undefined): string {
  if (met === undefined) return "—";
  return met ? "met" : "**not met**";
}

export function table(figures: readonly Figure[]): string {
  return [
    "| Figure | Measured | Baseline (same run) | Ratio | Aim | |",
    "| --- | --- | --- | --- | --- | --- |",
    ...figures.map(
      (row) =>
        `| ${[row.figure, row.measured, row.baseline, row.ratio, row.aim, mark(row.met)].map(escape).join(" | ")} |`,
    ),
  ].join("\n");
}

/** Each aim not met, with what the run measured that keeps it from being met, as a list after the table. */
export function whyNotMet(figures: readonly Figure[]): string[] {
  const missed = figures.filter((row) => row.met === false);
  if (missed.length === 0) return [];
  return [
    "Where an aim is not met, what the same run measured that keeps it there:",
    "",
    ...missed.map((row) => `- ${row.figure}: ${row.why ?? "(no measure says why)"}`),
    "",
  ];
}

export type Run = {
  command: string;
  commit: string;
  started: Date;
  seconds: number;
  machine: string;
  settings: string;
  name?: string;
};

/** The generated section: how the figures were made, the table, and the lines behind it. */
export function section(run: Run, figures: readonly Figure[], notes: readonly string[]): string {
  const name = run.name ?? "npm run load";
  return [
    begin(name),
    "",
    `Command: \`${run.command}\` at commit \`${run.commit}\`, ${run.started.toISOString().slice(0, 16).replace("T", " ")} UTC, ${run.seconds} s.`,
    `Machine: ${run.machine}.`,
    `Server settings: ${run.settings}.`,
    "",
    table(figures),
    "",
    ...whyNotMet(figures),
    "What each run saw:",
    "",
    "```",
    ...notes,
    "```",
    "",
    end(name),
  ].join("\n");
}

/** Replaces the generated section of the file (or appends one), leaving the prose around it alone. */
export function writeSection(
  path: string,
  text: string,
  name = "npm run load",
  heading = "",
): void {
  const current = existsSync(path) ? readFileSync(path, "utf8") : "# Performance under load\n\n";
  const [from, to] = [current.indexOf(begin(name)), current.indexOf(end(name))];
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${text}${current.slice(to + end(name).length)}`
      : `${current.trimEnd()}\n\n${heading}${text}\n`;
  writeFileSync(path, next);
}

/** The commit the figures were measured at, and whether the tree differed from it. */
export function commitOf(root: string): string {
  const head = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
  // The figures' own file aside: the run rewrites it.
  const dirty =
    execSync("git status --porcelain --untracked-files=no -- . :!tools/docs/performance.md", {
      cwd: root,
    })
      .toString()
      .trim() !== "";
  return dirty ? `${head} with uncommitted changes` : head;
}

/** Where a run's figures and notes go: kept for the table, and printed as they come. */
export function collector() {
  const [figures, notes]: [Figure[], string[]] = [[], []];
  return {
    figures,
    notes,
    note(line: string) {
      notes.push(line);
      console.log(`  ${line}`);
    },
    figure(figure: Figure) {
      figures.push(figure);
      console.log(
        `  ${figure.figure}: ${figure.measured} (${figure.ratio} of ${figure.baseline}; aim ${figure.aim})`,
      );
      if (figure.met === false && figure.why) console.log(`    not met: ${figure.why}`);
    },
  };
}

type Finish = {
  root: string;
  name?: string;
  heading?: string;
  command: string;
  started: Date;
  load0: number;
  machine?: string;
  settings: string;
  write: boolean;
};

/** Prints the run's table and, when asked, writes it with how it was made to tools/docs/performance.md. */
export function finish(
  run: Finish,
  { figures, notes }: { figures: Figure[]; notes: string[] },
): void {
  const seconds = Math.round((Date.now() - run.started.getTime()) / 1_000);
  console.log(`\n${table(figures)}\n\n${whyNotMet(figures).join("\n")}\n(${seconds} s)`);
  const machine = `${cpus().length} cores, Node ${process.version}${run.machine ?? ""}, load average ${run.load0.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end`;
  if (!run.write)
    return console.log(
      "tools/docs/performance.md left as it was (a short or partial run; --write writes it)",
    );
  const text = section(
    {
      command: run.command,
      commit: commitOf(run.root),
      started: run.started,
      seconds,
      machine,
      settings: run.settings,
      name: run.name,
    },
    figures,
    notes,
  );
  writeSection(join(run.root, "tools/docs/performance.md"), text, run.name, run.heading);
  console.log("written to tools/docs/performance.md");
}

export type RunFlags = {
  short: boolean;
  only: string[];
  reuseBuild: boolean;
  write: boolean;
  values: Record<string, number>;
};

/**
 * `--reuse-build`, `--short`, `--write`, `--only=a,b` and `--<name>=N` for the names in `numbers`;
 * anything else is refused. A partial or short run prints its figures but leaves the docs alone.
 */
export function parseRunFlags(
  argv: readonly string[],
  scenarios: readonly { name: string }[],
  numbers: readonly string[] = [],
): RunFlags {
  const values: Record<string, number> = {};
  let only: string[] | undefined;
  let [reuseBuild, short, write] = [false, false, false];
  for (const arg of argv) {
    const [name = "", value] = arg.replace(/^--/, "").split("=");
    if (name === "reuse-build") reuseBuild = true;
    else if (name === "short") short = true;
    else if (name === "write") write = true;
    else if (name === "only" && value) only = value.split(",");
    else if (numbers.includes(name) && value && /^[0-9]+$/.test(value))
      values[name] = Number(value);
    else
      throw new Error(
        `unknown flag ${arg}${numbers.length > 0 ? `; sizes: ${numbers.join(", ")}` : ""}`,
      );
  }
  const unknown = (only ?? []).filter(
    (name) => !scenarios.some((scenario) => scenario.name === name),
  );
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(", ")}`);
  return {
    short,
    only: only ?? scenarios.map((scenario) => scenario.name),
    reuseBuild,
    write: write || (!short && !only),
    values,
  };
}
