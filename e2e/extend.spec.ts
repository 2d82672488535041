import { expect, test, type Page } from "@playwright/test";
import { axeViolations, replyFinished, startChatFromHome } from "./support";

// docs/extend.md on the page: the example source's block and the example tool's card, as a
// person uses them, axe-clean in light and dark.

/** No axe violation in light and dark, on a desktop and on a phone; the page is left as it was. */
async function axeCleanEverywhere(page: Page) {
  const desktop = page.viewportSize();
  for (const viewport of [{ width: 375, height: 740 }, desktop!]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ["dark", "light"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page), `${colorScheme}, ${viewport.width}px`).toEqual([]);
    }
  }
}

test.describe("the extension guides", () => {
  // Four axe passes each, on a machine other runs share.
  test.describe.configure({ timeout: 120_000 });

  test("a block reads example.weather: another city reads anew, and a pick quotes that reading", async ({
    page,
  }) => {
    await startChatFromHome(page, "/weather");
    await replyFinished(page);
    // Lisbon's simulated temperature is 19 to 23 °C, Oslo's 2 to 6 °C.
    await expect(page.getByText("Weather in Lisbon")).toBeVisible();
    await expect(page.getByText(/^(19|2[0-3]) °C$/)).toBeVisible();
    // The radio itself is visually hidden inside its label, which is what a person clicks.
    await page.locator("label", { hasText: "Oslo" }).click();
    await expect(page.getByRole("radio", { name: "Oslo" })).toBeChecked();
    // The page asks for Oslo's reading once the input rests; the server reads and stores it.
    await expect(page.getByText("Weather in Oslo")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^[2-6] °C$/)).toBeVisible();
    await axeCleanEverywhere(page);
    await page.getByRole("button", { name: "Meet here" }).click();
    await expect(page.getByRole("article", { name: "You" }).last()).toContainText(
      /Let's meet in Oslo \([2-6] °C, (sunny|cloudy|rain)\)\./,
    );
    await expect(page.getByText(/^Noted: we meet in Oslo \([2-6] °C/)).toBeVisible();
  });

  test("create-issue is proposed, approved, filed, and the card keeps the issue after a reload", async ({
    page,
  }) => {
    await startChatFromHome(page, "/create-issue");
    await replyFinished(page);
    await page.getByRole("button", { name: /File the issue/ }).click();
    const card = page.getByRole("region", { name: /Flaky e2e test on dev/ });
    await expect(
      card.getByRole("heading", { name: "File the issue “Flaky e2e test on dev”?" }),
    ).toBeVisible();
    await expect(card.getByText("bug", { exact: true })).toBeVisible();
    await axeCleanEverywhere(page);
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(
      card.getByRole("heading", { name: "Issue filed: “Flaky e2e test on dev”" }),
    ).toBeVisible();
    await expect(card.getByRole("status")).toContainText(/Issue\s*ISSUE-[0-9a-f]{8}/);
    const key = /ISSUE-[0-9a-f]{8}/.exec((await card.getByRole("status").textContent()) ?? "")?.[0];
    await expect(page.getByText("Done: “File the issue” ran. Anything else?")).toBeVisible();
    await page.reload();
    await expect(card.getByRole("status")).toContainText(key!);
  });
});
