import { expect, test, type Page } from "@playwright/test";
import { chatIdOf, sameOrigin, startChatFromHome } from "./support";

const SLOW_STORY = "Tell me a long story, slowly";

async function slowReplyStreaming(page: Page) {
  await startChatFromHome(page, SLOW_STORY);
  const reply = page.getByRole("article", { name: "Agent" }).first();
  await expect(
    reply.getByRole("heading", { name: "The lighthouse keeper's ledger" }),
  ).toBeVisible();
  return reply;
}

test.describe("what the page answers at once", () => {
  test.describe.configure({ timeout: 60_000 });

  test("focus comes back to the composer when a reply stopped from the keyboard ends", async ({
    page,
  }) => {
    const reply = await slowReplyStreaming(page);
    await page.getByRole("button", { name: "Stop" }).focus();
    await page.keyboard.press("Enter");
    await expect(reply).toHaveAttribute("data-status", "stopped");
    await expect(page.getByRole("textbox", { name: "Message" })).toBeFocused();
  });

  test("focus the person took to the search stays there when the reply ends", async ({
    page,
    baseURL,
  }) => {
    const reply = await slowReplyStreaming(page);
    const search = page.getByRole("combobox", { name: "Search chats" });
    await search.focus();
    const stopped = await page.request.post(`/api/chats/${chatIdOf(page)}/turns/stop`, {
      headers: sameOrigin(baseURL),
      data: {},
    });
    expect(stopped.status()).toBe(202);
    await expect(reply).toHaveAttribute("data-status", "stopped");
    await expect(search).toBeFocused();
  });
});
