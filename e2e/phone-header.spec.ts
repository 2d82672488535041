import { expect, test, type Locator } from "@playwright/test";
import { DESKTOP, expectAxeCleanInBothSchemes } from "./every-look";
import { startChatFromHome } from "./support";

const PHONE = { width: 390, height: 844 };
const TITLE = "Email the release notes";

/** True when the element draws all of its text: nothing cut by an ellipsis or a line clamp. */
function drawsWhole(element: Locator): Promise<boolean> {
  return element.evaluate(
    (node) => node.scrollWidth <= node.clientWidth && node.scrollHeight <= node.clientHeight,
  );
}

test.describe("the chat header on a phone", () => {
  test.describe.configure({ timeout: 60_000 });

  test("the title has the row; Share and Data access wait in a menu the keyboard works", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await startChatFromHome(page, TITLE);
    const title = page.getByRole("heading", { level: 1, name: TITLE });
    await expect(title).toHaveText(TITLE);
    expect(await drawsWhole(title)).toBe(true);
    // Whether the page hears the chat stays in the header, named for a screen reader.
    const state = page.locator("[data-stream-status]");
    await expect(state).toHaveAttribute("data-stream-status", "live");
    await expect(state).toBeVisible();
    await expect(state).toHaveText("Live");
    await expect(page.getByRole("button", { name: "Share" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Data access" })).toBeHidden();

    const actions = page.getByRole("button", { name: "Chat actions" });
    const menu = page.getByRole("menu", { name: "Chat actions" });
    const share = menu.getByRole("menuitem", { name: "Share" });
    const access = menu.getByRole("menuitem", { name: "Data access" });
    await actions.focus();
    await page.keyboard.press("Enter");
    await expect(actions).toHaveAttribute("aria-expanded", "true");
    await expect(share).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(access).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(share).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(access).toBeFocused();
    await expectAxeCleanInBothSchemes(page, "with the menu open");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(actions).toBeFocused();

    // Data access opens from the menu with focus inside it; Escape gives focus back to the menu's button.
    await page.keyboard.press(" ");
    await expect(share).toBeFocused();
    await page.keyboard.press("End");
    await expect(access).toBeFocused();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("group", { name: "Data access" });
    await expect(panel.getByRole("switch", { name: "Read this project's CI runs" })).toBeVisible();
    await expect(panel).toBeFocused();
    await expectAxeCleanInBothSchemes(page, "with data access open");
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(actions).toBeFocused();
  });

  test("Share opens from the menu, and its dialog gives focus back to the menu's button", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await startChatFromHome(page, TITLE);
    await expectAxeCleanInBothSchemes(page, "on a phone");
    const actions = page.getByRole("button", { name: "Chat actions" });
    await actions.focus();
    await page.keyboard.press("ArrowDown");
    const share = page.getByRole("menuitem", { name: "Share" });
    await expect(share).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Share this chat" });
    await expect(dialog.getByRole("button", { name: "Create a link" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(actions).toBeFocused();
  });

  test("on a wide screen the header is as it was: Share, Data access and the word Live", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await startChatFromHome(page, TITLE);
    await expect(page.getByRole("button", { name: "Share" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Data access" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Chat actions" })).toBeHidden();
    await expect(page.locator("[data-stream-status=live]").getByText("Live")).toBeVisible();
    await page.getByRole("button", { name: "Data access" }).click();
    await expect(page.getByRole("switch", { name: "Read this project's CI runs" })).toBeVisible();
    await expectAxeCleanInBothSchemes(page, "on a desktop");
  });
});
