import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createChat, sameOrigin, settledChat, startChatFromHome } from "./support";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`accessibility (${colorScheme})`, () => {
    test.use({ colorScheme });

    test("the home page has no serious violations", async ({ page }) => {
      await page.goto("/");
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a chat with an answered list and a pending confirmation has no serious violations", async ({ page }) => {
      await startChatFromHome(page, "Email the release notes");
      await page.getByRole("button", { name: /Send to Ada/ }).click();
      await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a chat holding the reply to every starter, answered and decided, has no serious violations", async ({ page, baseURL }) => {
      test.setTimeout(150_000);
      await page.goto("/");
      const starters = await page.getByRole("list", { name: "Starter prompts" }).getByRole("button").allTextContents();
      expect(starters.length).toBeGreaterThan(10);
      // One chat answers them all in turn: the first starts it, the rest wait in its queue.
      const chatId = await createChat(page.request, baseURL, starters[0]);
      for (const starter of starters.slice(1)) {
        const sent = await page.request.post(`/api/chats/${chatId}/messages`, { headers: sameOrigin(baseURL), data: { text: starter } });
        expect(sent.status()).toBe(202);
      }
      await settledChat(page.request, chatId, 100_000);
      await page.goto(`/chats/${chatId}`);
      await page.getByRole("button", { name: /Send to Ada/ }).click();
      await page.getByRole("button", { name: "Reject" }).click();
      await expect(page.getByRole("heading", { name: /you rejected it/ })).toBeVisible();
      await page.getByRole("group", { name: "Where should we go?" }).getByRole("button", { name: /Documentation/ }).click();
      await expect(page.getByText(/Answered “Documentation”/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a missing chat and a deleted one have no serious violations", async ({ page, baseURL }) => {
      await page.goto("/chats/00000000-0000-4000-8000-000000000000");
      await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const chatId = await createChat(page.request, baseURL, "soon gone");
      await page.goto(`/chats/${chatId}`);
      expect((await page.request.delete(`/api/chats/${chatId}`, { headers: sameOrigin(baseURL) })).status()).toBe(200);
      await expect(page.getByRole("heading", { name: "This chat was deleted" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a block drawing every catalog component has no serious violations", async ({ page }) => {
      await startChatFromHome(page, "Show every block component");
      // The gallery is the longest scripted reply: on a loaded machine it streams for well over 10 s.
      await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute("data-status", "complete", { timeout: 45_000 });
      await expect(page.getByRole("region", { name: "Interactive block" }).getByRole("button", { name: "A choice" })).toBeEnabled();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test("the chat works at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await startChatFromHome(page, "Where should we go next?");
  await page.getByRole("button", { name: /Demo/ }).click();
  await expect(page.getByText(/Answered “Demo”/)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
