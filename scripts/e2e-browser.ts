// Which Chromium the browser tests drive. Shared by playwright.config.ts, scripts/test.mjs and the
// scripts that drive a browser themselves, so the answer (and the advice when there is none) is the same.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
// Chromium's headless shell: the same engine without the browser around it. A test that drives it
// costs about a quarter less CPU than the full browser (the blocks and edits specs: 95–102 busy
// CPU-seconds against 129–150), and the browser is what bounds the suite on 2 cores.
const SYSTEM_HEADLESS_SHELL = ["/usr/bin/chromium-headless-shell"];

// Root needs --no-sandbox; the rest keep Chromium from reaching for a network it cannot use.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const NO_BROWSER_MESSAGE =
  "No Chromium found. The browser tests prefer its headless shell; the measuring scripts and the\n" +
  "screenshots need the full browser. Install one of:\n" +
  "  apt-get install -y chromium-headless-shell chromium   (Debian; works offline from the apt mirror)\n" +
  "  apt-get install -y chromium          (Ubuntu, or Debian without the shell: both uses)\n" +
  "  npx playwright install chromium      (downloads Playwright's own build)\n" +
  "or point CHROMIUM_PATH at a Chromium/Chrome executable.";

export type ChromiumChoice = {
  executablePath: string | undefined;
  source: "CHROMIUM_PATH" | "system" | "playwright";
};

/**
 * `for: "tests"` prefers the headless shell, which is lighter; the measuring tools and screenshots
 * keep the full browser, which is what a visitor runs.
 */
export function findChromium({ for: use = "measuring" }: { for?: "tests" | "measuring" } = {}):
  ChromiumChoice | undefined {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    if (!existsSync(named)) throw new Error(`CHROMIUM_PATH=${named} does not exist.`);
    return { executablePath: named, source: "CHROMIUM_PATH" };
  }
  const candidates =
    use === "tests" ? [...SYSTEM_HEADLESS_SHELL, ...SYSTEM_CHROMIUM] : SYSTEM_CHROMIUM;
  const system = candidates.find((path) => existsSync(path));
  if (system) return { executablePath: system, source: "system" };
  // Playwright's own download, when someone installed it: launching without a path uses it.
  if (existsSync(chromium.executablePath()))
    return { executablePath: undefined, source: "playwright" };
  return undefined;
}

/** That Chromium, for a script; `extraArgs` e.g. a debugging port a second client attaches to. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const found = findChromium();
  if (!found) throw new Error(NO_BROWSER_MESSAGE);
  return chromium.launch({
    executablePath: found.executablePath,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}
