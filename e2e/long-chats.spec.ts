import { expect, type Locator, test, type Page } from "@playwright/test";
import { sameOrigin, settledChat, startChatFromHome } from "./support";
import { testDatabaseUrl } from "../scripts/env";
import { addHistory as addRows } from "../scripts/test/history-seed";

const addHistory = (chatId: string, count: number) => addRows(testDatabaseUrl(), chatId, count);

// More than the page draws when it opens (16 items) and than one "Show earlier" brings (40).
const EXCHANGES = 35;

const items = (page: Page) => page.locator('ol[aria-label="Messages"] > li');
const showEarlier = (page: Page) => page.getByRole("button", { name: "Show earlier messages" });

/** A chat of one exchange and a long history written after it, opened afresh on its latest items. */
async function openLongChat(page: Page): Promise<void> {
  await startChatFromHome(page, "Where should we go next?");
  await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
    "data-status",
    "complete",
  );
  const chatId = page.url().split("/").at(-1)!;
  await settledChat(page.request, chatId);
  await addHistory(chatId, EXCHANGES);

  await page.reload();
}

test("a long chat opens on its latest messages, shows earlier ones with their answers on request, and keeps streaming", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  // The first reply holds a block and a list; the block is answered here, the list further down.
  await startChatFromHome(page, "Mix prose, a block and a list");
  await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
    "data-status",
    "complete",
  );
  await page
    .getByRole("region", { name: "Interactive block" })
    .getByRole("button", { name: "Pick this size" })
    .click();
  // The pick's message is written before the chat is seeded: otherwise its turn could land after
  // the history, and the page would open on it and one item more than counted below.
  await expect(page.getByRole("article", { name: "You" })).toHaveCount(2);
  const chatId = page.url().split("/").at(-1)!;
  await settledChat(page.request, chatId);
  await addHistory(chatId, EXCHANGES);

  await page.reload();
  await expect(items(page)).toHaveCount(16);
  await expect(page.getByText(`Reply ${EXCHANGES}`, { exact: true })).toBeVisible();
  await expect(page.getByText("Prose first, then a block")).toHaveCount(0);

  // The list in the first reply is answered while the page does not hold that reply: the pick's
  // message and the reply to it stream in below, and nothing is drawn out of place above.
  const whole = (await (await page.request.get(`/api/chats/${chatId}?from=0`)).json()) as {
    items: { id: string }[];
  };
  const picked = await page.request.post(`/api/chats/${chatId}/selections`, {
    headers: sameOrigin(baseURL),
    data: { itemId: whole.items[1]!.id, instanceId: "mixed-colour", choiceId: "red" },
  });
  expect(picked.status()).toBe(200);
  await expect(page.getByText("Noted: Red.", { exact: false })).toBeVisible();
  await expect(page.getByRole("article", { name: "Agent" }).last()).toHaveAttribute(
    "data-status",
    "complete",
  );
  await expect(items(page)).toHaveCount(18);
  await expect(page.getByText("Prose first, then a block")).toHaveCount(0);

  // With the keyboard: the reader's place is kept and focus moves to the newest message loaded.
  const firstHeld = items(page).first();
  const firstText = await firstHeld.textContent();
  await showEarlier(page).focus();
  await page.keyboard.press("Enter");
  await expect(items(page)).toHaveCount(58);
  await expect(items(page).filter({ hasText: firstText! })).toBeInViewport();
  await expect(items(page).nth(39)).toBeFocused();

  await showEarlier(page).focus();
  await page.keyboard.press("Enter");
  await expect(items(page)).toHaveCount(76);
  await expect(showEarlier(page)).toHaveCount(0);
  await expect(page.getByText("Prose first, then a block")).toBeVisible();

  // Both answers of the first reply draw closed, the one given while it was not loaded too.
  const block = page.getByRole("region", { name: "Interactive block" }).first();
  await expect(block.getByText(/Answered: Pick this size · .+/)).toBeVisible();
  await expect(block.getByRole("button", { name: /Pick this size/ })).toBeDisabled();
  const list = page.getByRole("group", { name: "And a colour?" });
  await expect(list.getByText(/Answered “Red” · .+/)).toBeVisible();
  await expect(list.getByRole("button", { name: /Red/ })).toHaveAttribute("aria-pressed", "true");
  await expect(list.getByRole("button", { name: /Blue/ })).toBeDisabled();

  // Streaming goes on with every message loaded.
  await page.getByRole("textbox", { name: "Message" }).fill("Tell me a long story");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("heading", { name: "The lighthouse keeper's ledger" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Agent" }).last()).toHaveAttribute(
    "data-status",
    "complete",
  );
  await expect(items(page)).toHaveCount(78);
  await expect(page.getByText("Prose first, then a block")).toBeVisible();
  expect(errors).toEqual([]);
});

test("scrolling up to the top of a long chat loads earlier messages in place, leaving focus where it was", async ({
  page,
}) => {
  await openLongChat(page);
  await expect(items(page)).toHaveCount(16);
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.focus();
  const firstHeld = items(page).first();
  const firstText = (await firstHeld.textContent())!;
  // Straight to the very top, where the browser's own scroll anchoring keeps nothing in place.
  const scroller = page.locator('ol[aria-label="Messages"]').locator("..");
  await scroller.evaluate((element) => element.scrollTo({ top: 0, behavior: "instant" }));
  await expect(items(page)).toHaveCount(56);
  await expect(items(page).filter({ hasText: firstText })).toBeInViewport();
  expect(await scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await expect(composer).toBeFocused();
  await expect(page.getByRole("button", { name: "Show earlier messages" })).toBeVisible();
});

test("a long chat lays out only the items near the screen, yet find-in-page, screen readers and the keyboard reach the others", async ({
  page,
}) => {
  await openLongChat(page);
  const scroller = page.getByRole("region", { name: "Conversation" });
  // Scrolled to the top twice, the page holds every item of the chat.
  await scroller.evaluate((element) => element.scrollTo({ top: 0, behavior: "instant" }));
  await expect(items(page)).toHaveCount(56);
  await scroller.evaluate((element) => element.scrollTo({ top: 0, behavior: "instant" }));
  await expect(showEarlier(page)).toHaveCount(0);
  await scroller.evaluate((element) =>
    element.scrollTo({ top: element.scrollHeight, behavior: "instant" }),
  );

  // The first message, far above, is skipped by layout and paint; the newest is drawn.
  const laidOut = (item: Locator) =>
    item
      .locator("article")
      .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  await expect.poll(() => laidOut(items(page).first())).toBe(false);
  await expect.poll(() => laidOut(items(page).last())).toBe(true);
  // Its text is still in the page and in the browser's own accessibility tree.
  const far = items(page).first().getByText("Where should we go next?", { exact: true });
  await expect(far).toHaveCount(1);
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
    nodes: { name?: { value?: unknown } }[];
  };
  expect(nodes.some((node) => node.name?.value === "Where should we go next?")).toBe(true);

  // Tab from the conversation reaches the first message's control, which scrolls into view.
  await scroller.focus();
  await page.keyboard.press("Tab");
  expect(
    await items(page)
      .first()
      .evaluate((element) => element.contains(document.activeElement)),
  ).toBe(true);
  await expect(far).toBeInViewport();
  await expect.poll(() => laidOut(items(page).first())).toBe(true);
});
