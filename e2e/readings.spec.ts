import { expect, test } from "@playwright/test";
import { startChatFromHome } from "./support";

test.describe("a chat's data access", () => {
  test.describe.configure({ timeout: 60_000 });

  test("withdrawing CI access refuses a pick in the source's words, and its reads; restoring it lets the pick through", async ({
    page,
  }) => {
    await startChatFromHome(page, "Triage the failing build");
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
      "data-status",
      "complete",
    );
    const block = page.getByRole("region", { name: "Interactive block" }).first();
    await expect(block.getByRole("cell", { name: "lint" })).toBeVisible();

    await page.getByRole("button", { name: "Data access" }).click();
    const ci = page.getByRole("switch", { name: "Read this project's CI runs" });
    await expect(ci).toHaveAttribute("aria-checked", "true");
    await ci.click();
    await expect(ci).toHaveAttribute("aria-checked", "false");

    const sentence = "CI access was withdrawn from this chat; restore it to see the runs.";
    await block.getByRole("button", { name: "Summarise for the team" }).click();
    await expect(block.getByText(sentence)).toBeVisible();

    // A read now is refused too, and the block says so in the source's words.
    await block.locator("label", { hasText: "dev" }).click();
    await expect(block.getByText(`This data is not available to you: ${sentence}`)).toBeVisible();

    // A press outside the panel (in the block) closed it: open it again to restore the grant.
    await expect(ci).toHaveCount(0);
    await page.getByRole("button", { name: "Data access" }).click();
    await ci.click();
    await expect(ci).toHaveAttribute("aria-checked", "true");
    await block.locator("label", { hasText: "main" }).click();
    const summarise = block.getByRole("button", { name: "Summarise for the team" });
    await expect(summarise).toBeEnabled();
    await summarise.click();
    await expect(block.getByText(/Answered: Summarise for the team · .+/)).toBeVisible();
  });
});
