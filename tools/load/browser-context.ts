// What every browser figure is given, and the long chat they share: the page a person would have
// open, created as one visitor and driven in the system Chromium (the one the browser tests use).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium as launch } from "@/scripts/e2e-browser";
import type { Rows } from "../reliability/chats";
import type { Server } from "../reliability/server";
import { type Figure, sleep } from "./context";
import { addHistory, type Exchange } from "@/scripts/test/history-seed";

export type BrowserLoad = {
  databaseUrl: string;
  rows: Rows;
  /** `--short`: fewer samples, each figure still from enough for what it prints. */
  short: boolean;
  server: (env: Record<string, string>) => Promise<Server>;
  figure: (figure: Figure) => void;
  note: (line: string) => void;
};

export type BrowserScenario = { name: string; run: (load: BrowserLoad) => Promise<void> };

/** Chromium, and the debugging port a second client (Lighthouse) may attach to. */
export function launchChromium(port?: number): Promise<Browser> {
  return launch(port === undefined ? [] : [`--remote-debugging-port=${port}`]);
}

// A reply of the length and shape a model writes: a heading, prose, a list and a code block.
const REPLY = [
  "### What changed",
  "",
  "The export now writes **one file per chat**, named by its title, and the migration guide follows the steps agreed last week.",
  "",
  "- The release notes mention the new format under *Exports*.",
  "- The guide's third step now runs the migration before the deploy, not after.",
  "- Nothing else in the notes needed a change.",
  "",
  "```ts",
  "const file = `${chat.title}.json`;",
  "await write(file, JSON.stringify(chat, null, 2));",
  "```",
  "",
  "Say if you want the guide's wording shorter; it reads well as it is.",
].join("\n");

const longExchange: Exchange = (index) => ({
  message: `${index}. Could you check whether the release notes mention the new export format, and whether the migration guide still matches? Keep it short.`,
  reply: REPLY,
});

/** A chat of `items` finished items (its own first exchange and a written history), in a page of its visitor. */
export async function openChat(
  load: BrowserLoad,
  browser: Browser,
  base: string,
  items: number,
): Promise<{ context: BrowserContext; page: Page; chatId: string }> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 800 },
  });
  const created = await context.request.post("/api/chats", { headers: { origin: base }, data: {} });
  if (created.status() !== 201) throw new Error(`a chat was answered ${created.status()}`);
  const { chatId } = (await created.json()) as { chatId: string };
  await addHistory(load.databaseUrl, chatId, Math.floor(items / 2), longExchange);
  const page = await context.newPage();
  await page.goto(`/chats/${chatId}`);
  return { context, page, chatId };
}

/** A chat whose one reply is the mock agent's block gallery (every catalog component), finished. */
export async function galleryChat(
  browser: Browser,
  base: string,
): Promise<{ context: BrowserContext; chatId: string }> {
  const context = await browser.newContext({ baseURL: base });
  const created = await context.request.post("/api/chats", {
    headers: { origin: base },
    data: { message: "/gallery" },
  });
  if (created.status() !== 201) throw new Error(`a chat was answered ${created.status()}`);
  const { chatId } = (await created.json()) as { chatId: string };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const chat = (await (await context.request.get(`/api/chats/${chatId}?from=0`)).json()) as {
      running: boolean;
      queued: unknown[];
      items: unknown[];
    };
    if (!chat.running && chat.queued.length === 0 && chat.items.length >= 2) break;
    if (Date.now() > deadline) throw new Error("the gallery reply did not finish in 60 s");
    await sleep(250);
  }
  return { context, chatId };
}

/** Brings every earlier item into the page, as a reader who scrolled back to the start would. */
export async function loadEveryItem(page: Page, items: number): Promise<void> {
  const list = page.locator('ol[aria-label="Messages"] > li');
  const earlier = page.getByRole("button", { name: "Show earlier messages" });
  // The control loads on first need, after the page: click waits for it rather than counting it.
  for (let held = await list.count(); held < items; held = await list.count()) {
    await earlier.click();
    await page.waitForFunction(
      (before) => document.querySelectorAll('ol[aria-label="Messages"] > li').length > before,
      held,
    );
  }
  const held = await list.count();
  if (held !== items) throw new Error(`the page holds ${held} items, not ${items}`);
  const scroller = page.getByRole("region", { name: "Conversation" });
  await scroller.evaluate((element) =>
    element.scrollTo({ top: element.scrollHeight, behavior: "instant" }),
  );
}

/** Posts a message as the page's visitor; 202 whether it starts a turn or waits in the queue. */
export async function send(page: Page, base: string, chatId: string, text: string): Promise<void> {
  const answer = await page.request.post(`/api/chats/${chatId}/messages`, {
    headers: { origin: base },
    data: { text },
  });
  if (answer.status() !== 202) throw new Error(`a message was answered ${answer.status()}`);
}
