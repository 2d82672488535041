// Lighthouse's mobile performance score (its default: a mid-range phone, simulated slow 4G and
// 4× CPU throttling) for `/` and a chat page, run on the system Chromium over its debugging port.
import type { Result } from "lighthouse";
import { findFreePort } from "@/scripts/db/embedded";
import {
  type BrowserLoad,
  type BrowserScenario,
  launchChromium,
  openChat,
} from "./browser-context";
import { ms } from "./context";

type Score = { score: number; tbt: number; lcp: number };

async function audit(url: string, port: number): Promise<Score> {
  // Lighthouse is an ES module; this script runs as CommonJS.
  const { default: lighthouse } = await import("lighthouse");
  // The visitor's cookie stays: without it the chat page is another visitor's, a 404.
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    disableStorageReset: true,
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
  };
}

/** The run with the median score of `runs`: Lighthouse's own advice for a figure that varies. */
async function median(
  url: string,
  port: number,
  runs: number,
  before: () => Promise<void>,
): Promise<Score & { scores: number[] }> {
  const all: Score[] = [];
  for (let index = 0; index < runs; index++) {
    await before();
    all.push(await audit(url, port));
  }
  const sorted = all.toSorted((a, b) => a.score - b.score);
  return { ...sorted[Math.floor(sorted.length / 2)]!, scores: all.map((each) => each.score) };
}

async function run(load: BrowserLoad): Promise<void> {
  const server = await load.server({});
  const port = await findFreePort();
  const browser = await launchChromium(port);
  try {
    const { context, chatId } = await openChat(load, browser, server.base, 2);
    // Lighthouse opens its tab in the browser's default context: the visitor's cookie goes there,
    // before every run, as a run leaves the browser's cookies cleared.
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
    const runs = load.short ? 1 : 3;
    const chat = await median(`${server.base}/chats/${chatId}`, port, runs, withCookie);
    const home = await median(`${server.base}/`, port, runs, withCookie);
    const line = (name: string, score: Score & { scores: number[] }) =>
      `${name} ${score.score} (runs: ${score.scores.join(", ")}; TBT ${ms(score.tbt)}, LCP ${ms(score.lcp)})`;
    load.note(
      `Lighthouse ${runs === 1 ? "once" : `median of ${runs}`}: ${line("/", home)}; ${line("chat page", chat)}`,
    );
    for (const [name, score] of [
      ["/", home],
      ["a chat page", chat],
    ] as const) {
      load.figure({
        figure: `Lighthouse mobile performance, ${name}`,
        measured: String(score.score),
        baseline: "—",
        ratio: "—",
        aim: "100",
        met: score.score >= 100,
        why: `TBT ${ms(score.tbt)}, LCP ${ms(score.lcp)}`,
      });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const lighthouseScores: BrowserScenario = { name: "lighthouse", run };
