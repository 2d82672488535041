import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startChatFromHome } from "./support";

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

    test("a block drawing every catalog component has no serious violations", async ({ page }) => {
      await startChatFromHome(page, "Show every block component");
      await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute("data-status", "complete");
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
