// First-load JS of `/` and of a chat page: every script the browser fetches until the page has
// loaded and its network is idle, each gzipped (level 9) from the build's own file, summed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { type BrowserLoad, type BrowserScenario, launchChromium, openChat } from "./browser-context";

const root = join(__dirname, "../..");
const AIM_KIB = 150;

/** Gzipped bytes of the scripts a page loads, by path under `/_next/static/`. */
export async function firstLoadJs(page: Page, path: string): Promise<{ bytes: number; files: number }> {
  const scripts = new Set<string>();
  const listener = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
  };
  page.on("request", listener);
  await page.goto(path, { waitUntil: "networkidle" });
  page.off("request", listener);
  let bytes = 0;
  for (const script of scripts) {
    if (!script.startsWith("/_next/static/")) throw new Error(`a script outside the build: ${script}`);
    bytes += gzipSync(readFileSync(join(root, ".next/static", decodeURIComponent(script.slice("/_next/static/".length)))), { level: 9 }).byteLength;
  }
  return { bytes, files: scripts.size };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function run(load: BrowserLoad): Promise<void> {
  const server = await load.server({});
  const browser = await launchChromium();
  try {
    const { page, chatId } = await openChat(load, browser, server.base, 2);
    const home = await firstLoadJs(page, "/");
    const chat = await firstLoadJs(page, `/chats/${chatId}`);
    load.note(`first-load JS: / ${kib(home.bytes)} in ${home.files} scripts; a chat page ${kib(chat.bytes)} in ${chat.files} scripts (gzip -9 of each script fetched until the network is idle)`);
    load.figure({
      figure: "First-load JS, chat page (gzip)",
      measured: kib(chat.bytes),
      baseline: `/: ${kib(home.bytes)}`,
      ratio: `${(chat.bytes / home.bytes).toFixed(2)}×`,
      aim: `≤ ${AIM_KIB} KiB`,
      met: chat.bytes <= AIM_KIB * 1024,
      why: `${chat.files} scripts, ${kib(chat.bytes)}; / alone loads ${kib(home.bytes)}`,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const bundle: BrowserScenario = { name: "first-load-js", run };
