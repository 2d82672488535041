// Lighthouse's mobile performance score (its default: a mid-range phone, simulated slow 4G and
// 4× CPU throttling) for `/` and the block gallery chat, run on the system Chromium over its
// debugging port. A first visit is Lighthouse's default run: it clears the browser's cache and the
// origin's storage before it loads, and a run leaves the browser without cookies, so the visitor's
// cookie is set in the browser before each run (the chat is that visitor's; a Cookie header beside
// it would send the cookie twice, which the app refuses). A second visit keeps what the first
// cached (`disableStorageReset`). The baseline is the framework's floor (floor-app.ts) as a first
// visit in the same run: on a slow machine no Next.js page reaches 100.
import type { Result } from "lighthouse";
import { findFreePort } from "@/scripts/db/embedded";
import {
  type BrowserLoad,
  type BrowserScenario,
  galleryChat,
  launchChromium,
} from "./browser-context";
import { ms, times } from "./context";
import { startFloorApp } from "./floor-app";

type Score = { score: number; tbt: number; lcp: number; benchmarkIndex: number };
type Visit = "first" | "second";

async function audit(url: string, port: number, visit: Visit): Promise<Score> {
  // Lighthouse is an ES module; this script runs as CommonJS.
  const { default: lighthouse } = await import("lighthouse");
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    disableStorageReset: visit === "second",
  });
  const lhr: Result | undefined = result?.lhr;
  if (!lhr || lhr.runtimeError)
    throw new Error(
      `Lighthouse could not audit ${url}: ${lhr?.runtimeError?.message ?? "no result"}`,
    );
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbt: audit("total-blocking-time"),
    lcp: audit("largest-contentful-paint"),
    // Lighthouse's own measure of this machine's CPU, by which its 4× slow-down is scaled.
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The run with the median score of `runs`: Lighthouse's own advice for a figure that varies. */
async function median(
  url: string,
  port: number,
  runs: number,
  visit: Visit,
  before: () => Promise<void>,
): Promise<Score & { scores: number[] }> {
  const all: Score[] = [];
  for (let index = 0; index < runs; index++) {
    await before();
    all.push(await audit(url, port, visit));
  }
  const sorted = all.toSorted((a, b) => a.score - b.score);
  return { ...sorted[Math.floor(sorted.length / 2)]!, scores: all.map((each) => each.score) };
}

const AIMS: Record<string, number> = { "/": 100, "the block gallery chat": 95 };

async function run(load: BrowserLoad): Promise<void> {
  const runs = load.short ? 1 : 3;
  const line = (score: Score & { scores: number[] }) =>
    `${score.score} (runs: ${score.scores.join(", ")}; TBT ${ms(score.tbt)}, LCP ${ms(score.lcp)}; benchmark index ${Math.round(score.benchmarkIndex)})`;
  const port = await findFreePort();
  const browser = await launchChromium(port);
  try {
    // The baseline: a one-page Next.js app of the same versions, as a first visit, on this machine.
    const floorApp = await startFloorApp();
    let floor: Score & { scores: number[] };
    try {
      floor = await median(`${floorApp.base}/`, port, runs, "first", async () => {});
    } finally {
      await floorApp.stop();
    }
    load.note(
      `Lighthouse ${runs === 1 ? "once" : `median of ${runs}`}, first visit, the framework's floor (one Next.js page, tools/load/floor-app): ${line(floor)}`,
    );
    const server = await load.server({});
    try {
      const { context, chatId } = await galleryChat(browser, server.base);
      // Lighthouse opens its tab in the browser's default context: the visitor's cookie goes there,
      // before every run.
      const cdp = await browser.newBrowserCDPSession();
      const cookies = (await context.cookies()).map(
        ({ name, value, domain, path, httpOnly, secure }) => ({
          name,
          value,
          domain,
          path,
          httpOnly,
          secure,
        }),
      );
      const withCookie = async () => void (await cdp.send("Storage.setCookies", { cookies }));
      for (const [name, path] of [
        ["/", "/"],
        ["the block gallery chat", `/chats/${chatId}`],
      ] as const) {
        for (const visit of ["first", "second"] as const) {
          // A second visit is one after a first: its cache holds what the first loaded.
          const score = await median(`${server.base}${path}`, port, runs, visit, withCookie);
          load.note(
            `Lighthouse ${runs === 1 ? "once" : `median of ${runs}`}, ${visit} visit, ${name}: ${line(score)}`,
          );
          const first = visit === "first";
          load.figure({
            figure: `Lighthouse mobile performance, ${visit} visit, ${name}`,
            measured: String(score.score),
            baseline: first ? `the framework's floor, first visit: ${floor.score}` : "—",
            ratio: first ? times(score.score, floor.score) : "—",
            aim: first ? `≥ ${AIMS[name]}` : "—",
            met: first ? score.score >= AIMS[name]! : undefined,
            why: `TBT ${ms(score.tbt)}, LCP ${ms(score.lcp)}; a one-page Next.js app scores ${floor.score} here (TBT ${ms(floor.tbt)})`,
          });
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
  }
}

export const lighthouseScores: BrowserScenario = { name: "lighthouse", run };
