import { expect, test } from "@playwright/test";
import { replyFinished, startChatFromHome } from "./support";

const STORY_START = "The lighthouse keeper's ledger";
const STORY_END = "until the pattern shows itself.";
// Streams four times slower, leaving room to act while the reply is still streaming.
const SLOW_STORY = "Tell me a long story, slowly";

test.describe("chat", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a message gets a streamed reply", async ({ page }) => {
    await startChatFromHome(page, "Tell me a long story");
    const reply = page.getByRole("article", { name: "Agent" });
    await expect(reply.getByText("Replying…")).toBeVisible();
    await expect(reply.getByRole("heading", { name: STORY_START })).toBeVisible();
    await expect(reply.getByText(STORY_END)).toBeVisible();
    await expect(reply).toHaveAttribute("data-status", "complete");
    await expect(reply.getByText("Replying…")).toHaveCount(0);
  });

  test("a reload mid-reply shows the reply so far and continues live", async ({ page }) => {
    await startChatFromHome(page, SLOW_STORY);
    const reply = page.getByRole("article", { name: "Agent" });
    await expect(reply.getByRole("heading", { name: STORY_START })).toBeVisible();
    await expect(reply).toHaveAttribute("data-status", "streaming");
    await page.reload();
    await expect(reply.getByRole("heading", { name: STORY_START })).toBeVisible();
    await expect(reply.getByText(STORY_END)).toBeVisible({ timeout: 30_000 });
    await expect(reply).toHaveAttribute("data-status", "complete");
    // The streamed text joins the stored text exactly once.
    await expect(reply.getByRole("heading", { name: STORY_START })).toHaveCount(1);
  });

  test("a second tab follows the same reply live", async ({ page, context }) => {
    await startChatFromHome(page, SLOW_STORY);
    const second = await context.newPage();
    await second.goto(page.url());
    await expect(second.getByRole("article", { name: "Agent" })).toHaveAttribute(
      "data-status",
      "streaming",
    );
    for (const tab of [page, second]) {
      const reply = tab.getByRole("article", { name: "Agent" });
      await expect(reply.getByText(STORY_END)).toBeVisible({ timeout: 30_000 });
      await expect(reply).toHaveAttribute("data-status", "complete");
    }
  });

  test("a message sent during a reply is queued, then answered in order", async ({ page }) => {
    await startChatFromHome(page, SLOW_STORY);
    await expect(page.getByRole("article", { name: "Agent" })).toHaveAttribute(
      "data-status",
      "streaming",
    );
    await page.getByRole("textbox", { name: "Message" }).fill("what happened next?");
    await page.getByRole("button", { name: "Queue" }).click();
    const queue = page.getByRole("list", { name: "Queued messages" });
    await expect(queue.getByText("what happened next?")).toBeVisible();
    await expect(page.getByText("You said: “what happened next?”")).toBeVisible({
      timeout: 30_000,
    });
    await expect(queue).toHaveCount(0);
    const articles = page.getByRole("article");
    await expect(articles).toHaveCount(4);
    await expect(articles.nth(1)).toContainText(STORY_END);
    await expect(articles.nth(2)).toContainText("what happened next?");
    await expect(articles.nth(3)).toContainText("You said: “what happened next?”");
  });

  test("another visitor gets a 404 for the chat", async ({ page, browser }) => {
    await startChatFromHome(page, "hello");
    const stranger = await browser.newContext();
    try {
      const other = await stranger.newPage();
      const response = await other.goto(page.url());
      expect(response?.status()).toBe(404);
      await expect(other.getByRole("heading", { name: "Not found" })).toBeVisible();
    } finally {
      await stranger.close();
    }
  });

  test("the home page lists the visitor's chats", async ({ page }) => {
    await startChatFromHome(page, "a chat worth listing");
    await replyFinished(page);
    await page.goto("/");
    await expect(
      page
        .getByRole("navigation", { name: "Chats" })
        .getByRole("link", { name: "a chat worth listing" }),
    ).toBeVisible();
    // The home page's own list says when, in words that read the same after a reload.
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /a chat worth listing (now|\d+ minutes? ago)/ }),
    ).toBeVisible();
  });
});
