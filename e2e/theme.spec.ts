import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, expectAxeCleanEverywhere } from "./every-look";

/** The page's background as drawn: white in the light theme, near-black in the dark one. */
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const themeGroup = (page: Page) =>
  page.getByRole("complementary", { name: "Chat list" }).getByRole("group", { name: "Theme" });

test.describe("the theme", () => {
  test.use({ viewport: DESKTOP, colorScheme: "light" });
  test.describe.configure({ timeout: 90_000 });

  test("a chosen dark theme is kept in a cookie and is already in the server's first markup", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    const themes = themeGroup(page);
    await expect(themes.getByRole("radio", { name: "System" })).toBeChecked();
    const light = await background(page);
    // A radio group: the arrow keys move the choice.
    await themes.getByRole("radio", { name: "System" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(themes.getByRole("radio", { name: "Dark" })).toBeChecked();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await background(page)).not.toBe(light);
    expect((await context.cookies()).find((cookie) => cookie.name === "theme")?.value).toBe("dark");

    const dark = await background(page);
    const markup = await (await page.reload())!.text();
    expect(markup).toMatch(/<html [^>]*data-theme="dark"/);
    // The device prefers light; the reader's choice wins, from the first paint.
    expect(await background(page)).toBe(dark);
    await expect(themeGroup(page).getByRole("radio", { name: "Dark" })).toBeChecked();

    await themeGroup(page).getByRole("radio", { name: "Light" }).check();
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await background(page)).toBe(light);
  });

  test("System follows the device's colour scheme", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    const light = await background(page);
    await page.emulateMedia({ colorScheme: "dark" });
    const dark = await background(page);
    expect(dark).not.toBe(light);
    await page.emulateMedia({ colorScheme: "light" });
    expect(await background(page)).toBe(light);
  });

  test("a theme cookie the app did not write reads as System", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "theme", value: "purple", url: baseURL! }]);
    const markup = await (await page.goto("/"))!.text();
    expect(markup).toMatch(/<html [^>]*data-theme="system"/);
    await expect(themeGroup(page).getByRole("radio", { name: "System" })).toBeChecked();
  });

  test("the switch has no axe violations in either theme, on a desktop and in the phone's sheet", async ({
    page,
  }) => {
    await page.goto("/");
    await expectAxeCleanEverywhere(page, async (size) => {
      if (size === "phone") await page.getByRole("button", { name: "Open the chat list" }).click();
      await expect(
        page
          .getByRole("group", { name: "Theme" })
          .getByRole("radio", { name: "Dark" })
          .filter({ visible: true }),
      ).toHaveCount(1);
    });
  });
});
