// First-load JS as a first visit pays it: the script bytes on the wire (as the server compressed
// them) in Chromium's network log of a cold navigation, a browser context with an empty cache, until
// the network is idle (chunks a page imports as it opens count). Beside it, the build manifest's
// figure (first-load-js.ts), which counts only what the route loads before it is interactive. The
// baseline is the framework's floor (floor-app.ts), a one-page Next.js app measured the same way.
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import {
  type BrowserLoad,
  type BrowserScenario,
  galleryChat,
  launchChromium,
  openChat,
} from "./browser-context";
import { sleep, times } from "./context";
import { firstLoadJs } from "./first-load-js";
import { startFloorApp } from "./floor-app";

const root = join(__dirname, "../..");
const AIM_KIB = { home: 120, chat: 150 };

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

type Wire = { bytes: number; files: { url: string; bytes: number }[] };

/**
 * Navigates the context's first page to `path` with an empty cache; sums every script response's
 * encoded body. `holdsStream`: the page keeps a request open as it idles (the useChat example
 * follows the chat's log), so the network is never idle: it waits for `load` instead, then as long.
 */
export async function scriptOnTheWire(
  context: BrowserContext,
  path: string,
  { holdsStream = false } = {},
): Promise<Wire> {
  const page = await context.newPage();
  const responses: Promise<{ url: string; bytes: number }>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    responses.push(
      request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })),
    );
  });
  const settled = holdsStream ? "load" : "networkidle";
  const response = await page.goto(path, { waitUntil: settled });
  if (response?.status() !== 200)
    throw new Error(`${path} was answered ${response?.status() ?? "nothing"}, not 200`);
  // Hydrating can keep the main thread busy past the network's idle half second before the page
  // asks for the chunks it imports as it opens: quiet means a whole second without a new script.
  for (let held = -1; held !== responses.length;) {
    held = responses.length;
    await sleep(1_000);
    await page.waitForLoadState(settled);
  }
  const files = await Promise.all(responses);
  await page.close();
  return { bytes: files.reduce((total, file) => total + file.bytes, 0), files };
}

/** A fresh context holds no cache: each navigation below is a first visit (of a visitor who has a chat). */
async function coldContext(browser: Browser, base: string, cookiesFrom?: BrowserContext) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 800 },
  });
  if (cookiesFrom) await context.addCookies(await cookiesFrom.cookies());
  return context;
}

const largest = (wire: Wire) =>
  wire.files
    .toSorted((a, b) => b.bytes - a.bytes)
    .slice(0, 5)
    .map((file) => `${file.url.split("/").pop()} ${kib(file.bytes)}`)
    .join(", ");

/** The framework's floor as a first visit pays it: the one-page app's script on the wire. */
async function floorScript(browser: Browser): Promise<Wire> {
  const floorApp = await startFloorApp();
  try {
    const context = await coldContext(browser, floorApp.base);
    const wire = await scriptOnTheWire(context, "/");
    await context.close();
    return wire;
  } finally {
    await floorApp.stop();
  }
}

async function run(load: BrowserLoad): Promise<void> {
  const browser = await launchChromium();
  let server: Awaited<ReturnType<BrowserLoad["server"]>> | undefined;
  try {
    const floor = await floorScript(browser);
    load.note(
      `cold, the framework's floor (one Next.js page, tools/load/floor-app): ${kib(floor.bytes)} of script in ${floor.files.length} files; the largest ${largest(floor)}`,
    );
    server = await load.server({});
    const short = await openChat(load, browser, server.base, 2);
    const gallery = await galleryChat(browser, server.base);
    // The AI SDK example page draws the same chat through `useChat`: reported beside it, with no aim
    // of its own (it carries the SDK and the data parts' validators the app's page does without).
    const measured: [string, string, number | undefined, BrowserContext | undefined][] = [
      ["/", "/", AIM_KIB.home, undefined],
      ["a chat page (2 items)", `/chats/${short.chatId}`, AIM_KIB.chat, short.context],
      [
        "the same chat on the useChat example page",
        `/examples/use-chat/${short.chatId}`,
        undefined,
        short.context,
      ],
      ["the block gallery chat", `/chats/${gallery.chatId}`, AIM_KIB.chat, gallery.context],
    ];
    for (const [name, path, aim, owner] of measured) {
      const context = await coldContext(browser, server.base, owner);
      const wire = await scriptOnTheWire(context, path, {
        holdsStream: path.startsWith("/examples/"),
      });
      await context.close();
      load.note(
        `cold ${name}: ${kib(wire.bytes)} of script in ${wire.files.length} files; the largest ${largest(wire)}`,
      );
      load.figure({
        figure: `Script on the wire, first visit, ${name}`,
        measured: kib(wire.bytes),
        baseline: `the framework's floor: ${kib(floor.bytes)}`,
        ratio: times(wire.bytes, floor.bytes),
        aim: aim === undefined ? "—" : `≤ ${aim} KiB`,
        met: aim === undefined ? undefined : wire.bytes <= aim * 1024,
        why: `${wire.files.length} files; the largest ${largest(wire)}`,
      });
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
  const home = firstLoadJs(join(root, ".next"), "/");
  const chat = firstLoadJs(join(root, ".next"), "/chats/[chatId]");
  load.note(
    `first-load JS from the build manifest (before the route is interactive, gzip -9 of each file): / ${kib(home.gzipBytes)} in ${home.files.length} files; a chat page ${kib(chat.gzipBytes)} in ${chat.files.length} files`,
  );
}

export const bundle: BrowserScenario = { name: "first-load-js", run };
