import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { createChat, settledChat } from "./support";

// What a first visit's browser is sent: every script a page asks for as it opens, read whole.
// react-markdown names its changelog in a message its build keeps; classic zod names its schema
// classes ("ZodString"), where zod/mini's are "ZodMiniString"; both build on zod's core, whose
// classes are "$ZodObject" and the like.
const MARKDOWN_PARSER = "remarkjs/react-markdown";
const CLASSIC_ZOD = '"ZodString"';
const ANY_ZOD = '"$ZodObject"';
// A sentence of the error catalog no page draws before a refusal arrives.
const REFUSAL_CATALOG = "This block is too large to check";
// The chat page's own script: what the live region says while a reply is written.
const CHAT_ROOM = "The agent is replying.";

type Script = { url: string; body: string };

/** The scripts `page` loaded while `open` ran, and until the network was quiet. */
async function scriptsLoaded(page: Page, open: () => Promise<unknown>): Promise<Script[]> {
  const scripts: Promise<Script>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") {
      scripts.push(response.text().then((body) => ({ url: response.url(), body })));
    }
  });
  await open();
  await page.waitForLoadState("networkidle");
  return Promise.all(scripts);
}

/** The addresses of the scripts that hold `marker`: named, so a failure says which one. */
const holding = (scripts: Script[], marker: string) =>
  scripts
    .filter((script) => script.body.includes(marker))
    .map((script) => new URL(script.url).pathname);

/** A fresh context (an empty cache) with the cookies of `owner`, the chat's visitor. */
async function coldPage(browser: import("@playwright/test").Browser, owner: BrowserContext) {
  const context = await browser.newContext();
  await context.addCookies(await owner.cookies());
  return { context, page: await context.newPage() };
}

test.describe("a first visit", () => {
  test("to the home page loads neither the Markdown parser nor zod", async ({ page }) => {
    const scripts = await scriptsLoaded(page, () => page.goto("/"));
    expect(scripts.length).toBeGreaterThan(0);
    expect(holding(scripts, MARKDOWN_PARSER)).toEqual([]);
    expect(holding(scripts, ANY_ZOD)).toEqual([]);
    expect(holding(scripts, CHAT_ROOM)).toEqual([]);
    expect(holding(scripts, REFUSAL_CATALOG)).toEqual([]);
  });

  test("to a chat without blocks loads no validator: the page reads its API by type", async ({
    browser,
    context,
    baseURL,
  }) => {
    const chatId = await createChat(context.request, baseURL, "Hello");
    await settledChat(context.request, chatId);
    const cold = await coldPage(browser, context);
    try {
      const { page } = cold;
      // Hydrated (Regenerate is enabled only then), so the chunks the page imports as it opens are asked for.
      const scripts = await scriptsLoaded(page, async () => {
        await page.goto(`/chats/${chatId}`);
        await expect(page.getByRole("button", { name: "Regenerate" })).toBeEnabled();
      });
      await expect(page.getByRole("article", { name: "Agent" })).toBeVisible();
      expect(scripts.length).toBeGreaterThan(0);
      expect(holding(scripts, ANY_ZOD)).toEqual([]);
      expect(holding(scripts, MARKDOWN_PARSER)).toEqual([]);
      // The refusal sentences load with the first refusal, not with the page.
      expect(holding(scripts, REFUSAL_CATALOG)).toEqual([]);
    } finally {
      await cold.context.close();
    }
  });

  test("to a finished chat with Markdown and blocks draws them without the parser, which loads once a reply streams", async ({
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const chatId = await createChat(context.request, baseURL, "/gallery");
    await settledChat(context.request, chatId);
    const cold = await coldPage(browser, context);
    try {
      const { page } = cold;
      const scripts = await scriptsLoaded(page, () => page.goto(`/chats/${chatId}`));
      const reply = page.getByRole("article", { name: "Agent" }).first();
      // The gallery's inline Markdown is drawn: "A note with **emphasis** and `code`."
      await expect(
        reply.getByRole("note").locator("strong", { hasText: "emphasis" }),
      ).toBeVisible();
      await expect(reply.getByRole("note").locator("code", { hasText: "code" })).toBeVisible();
      expect(holding(scripts, MARKDOWN_PARSER)).toEqual([]);
      expect(holding(scripts, CLASSIC_ZOD)).toEqual([]);
      const later = await scriptsLoaded(page, async () => {
        await page.getByRole("textbox", { name: "Message" }).fill("Tell me a long story, slowly");
        await page.getByRole("button", { name: "Send" }).click();
        await expect(
          page.getByRole("heading", { name: "The lighthouse keeper's ledger" }),
        ).toBeVisible();
      });
      expect(holding(later, MARKDOWN_PARSER)).toHaveLength(1);
    } finally {
      await cold.context.close();
    }
  });
});
