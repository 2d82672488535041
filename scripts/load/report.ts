// The table `npm run load` prints, and the section of docs/performance.md it rewrites with it.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { Figure } from "./context";

const BEGIN = "<!-- npm run load: figures begin -->";
const END = "<!-- npm run load: figures end -->";

const escape = (text: string) => text.replace(/\|/g, "\\|");

function mark(met: boolean | undefined): string {
  if (met === undefined) return "—";
  return met ? "met" : "**not met**";
}

export function table(figures: readonly Figure[]): string {
  return [
    "| Figure | Measured | Baseline (same run) | Ratio | Aim | |",
    "| --- | --- | --- | --- | --- | --- |",
    ...figures.map((row) => `| ${[row.figure, row.measured, row.baseline, row.ratio, row.aim, mark(row.met)].map(escape).join(" | ")} |`),
  ].join("\n");
}

/** Each aim not met, with what the run measured that keeps it from being met, as a list after the table. */
export function whyNotMet(figures: readonly Figure[]): string[] {
  const missed = figures.filter((row) => row.met === false);
  if (missed.length === 0) return [];
  return ["Where an aim is not met, what the same run measured that keeps it there:", "", ...missed.map((row) => `- ${row.figure}: ${row.why ?? "(no measure says why)"}`), ""];
}

export type Run = { command: string; commit: string; started: Date; seconds: number; machine: string; settings: string };

/** The generated section: how the figures were made, the table, and the lines behind it. */
export function section(run: Run, figures: readonly Figure[], notes: readonly string[]): string {
  return [
    BEGIN,
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
    END,
  ].join("\n");
}

/** Replaces the generated section of the file (or appends one), leaving the prose around it alone. */
export function writeSection(path: string, text: string): void {
  const current = existsSync(path) ? readFileSync(path, "utf8") : "# Performance under load\n\n";
  const [begin, end] = [current.indexOf(BEGIN), current.indexOf(END)];
  const next = begin >= 0 && end > begin ? `${current.slice(0, begin)}${text}${current.slice(end + END.length)}` : `${current.trimEnd()}\n\n${text}\n`;
  writeFileSync(path, next);
}
