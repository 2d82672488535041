import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { Client } from "pg";
import { sameOrigin, settledChat, startChatFromHome } from "./support";
import { testDatabaseUrl } from "../scripts/env";

// More than the page draws when it opens (16 items) and than one "Show earlier" brings (40).
const EXCHANGES = 35;

/** Writes `count` finished exchanges after the chat's last item, as a long chat's history. */
async function addHistory(chatId: string, count: number): Promise<void> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ lastPosition: number }>(`SELECT "lastPosition" FROM "Chat" WHERE "id" = $1 FOR UPDATE`, [chatId]);
    const last = rows[0]!.lastPosition;
    for (let index = 1; index <= count; index++) {
      for (const [offset, role, text] of [[-1, "user", `Message ${index}`], [0, "assistant", `Reply ${index}`]] as const) {
        await client.query(
          `INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "blocks", "revision", "completedAt")
           VALUES ($1, $2, $3, $4, 'complete', $5, $6, '[]', $7, now())`,
          [randomUUID(), chatId, last + 2 * index + offset, role, text, JSON.stringify([{ kind: "text", text }]), role === "assistant" ? 1 : 0],
        );
      }
    }
    await client.query(`UPDATE "Chat" SET "lastPosition" = $2 WHERE "id" = $1`, [chatId, last + 2 * count]);
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
}

const items = (page: Page) => page.locator('ol[aria-label="Messages"] > li');
const showEarlier = (page: Page) => page.getByRole("button", { name: "Show earlier messages" });

test("a long chat opens on its latest messages, shows earlier ones with their answers on request, and keeps streaming", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  // The first reply holds a block and a list; the block is answered here, the list further down.
  await startChatFromHome(page, "Mix prose, a block and a list");
  await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute("data-status", "complete");
  await page.getByRole("region", { name: "Interactive block" }).getByRole("button", { name: "Pick this size" }).click();
  const chatId = page.url().split("/").at(-1)!;
  await settledChat(page.request, chatId);
  await addHistory(chatId, EXCHANGES);

  await page.reload();
  await expect(items(page)).toHaveCount(16);
  await expect(page.getByText(`Reply ${EXCHANGES}`, { exact: true })).toBeVisible();
  await expect(page.getByText("Prose first, then a block")).toHaveCount(0);

  // The list in the first reply is answered while the page does not hold that reply: the pick's
  // message and the reply to it stream in below, and nothing is drawn out of place above.
  const whole = (await (await page.request.get(`/api/chats/${chatId}?from=0`)).json()) as { items: { id: string }[] };
  const picked = await page.request.post(`/api/chats/${chatId}/selections`, {
    headers: sameOrigin(baseURL),
    data: { itemId: whole.items[1]!.id, instanceId: "mixed-colour", choiceId: "red" },
  });
  expect(picked.status()).toBe(200);
  await expect(page.getByText("Noted: Red.", { exact: false })).toBeVisible();
  await expect(page.getByRole("article", { name: "Agent" }).last()).toHaveAttribute("data-status", "complete");
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
  await expect(page.getByRole("article", { name: "Agent" }).last()).toHaveAttribute("data-status", "complete");
  await expect(items(page)).toHaveCount(78);
  await expect(page.getByText("Prose first, then a block")).toBeVisible();
  expect(errors).toEqual([]);
});

test("scrolling up to the top of a long chat loads earlier messages in place, leaving focus where it was", async ({ page }) => {
  await startChatFromHome(page, "Where should we go next?");
  await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute("data-status", "complete");
  const chatId = page.url().split("/").at(-1)!;
  await settledChat(page.request, chatId);
  await addHistory(chatId, EXCHANGES);

  await page.reload();
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
