import { expect, test } from "@playwright/test";
import { expectAxeCleanEverywhere } from "./every-look";
import { replyFinished, startChatFromHome } from "./support";

const STORY = "Tell me a long story";
const SLOW_STORY = "Tell me a long story, slowly";

test.describe("keyboard shortcuts", () => {
  test.describe.configure({ timeout: 90_000 });

  test("? opens the list of shortcuts as a modal dialog: focus stays in it, Escape closes it, focus returns", async ({
    page,
  }) => {
    await startChatFromHome(page, STORY);
    await replyFinished(page);
    const field = page.getByRole("textbox", { name: "Message" });
    // Typed into a field, ? is text.
    await field.press("?");
    await expect(field).toHaveValue("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(dialog).toBeHidden();

    const copy = page.getByRole("button", { name: "Copy reply" });
    await copy.focus();
    await page.keyboard.press("?");
    await expect(dialog).toBeVisible();
    for (const line of [
      "Start a new chat",
      "Go to the message field",
      "Stop the reply being written",
      "Show these shortcuts",
    ]) {
      await expect(dialog.getByRole("term").filter({ hasText: line })).toBeVisible();
    }
    // The page behind is inert: Tab only moves within the dialog.
    for (let press = 0; press < 3; press++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
    }
    await expectAxeCleanEverywhere(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(copy).toBeFocused();
  });

  test("Ctrl+Shift+O starts a new chat with its field focused; Shift+Esc goes back to the message field", async ({
    page,
  }) => {
    await startChatFromHome(page, STORY);
    await replyFinished(page);
    const field = page.getByRole("textbox", { name: "Message" });
    await page.getByRole("button", { name: "Copy reply" }).focus();
    await page.keyboard.press("Shift+Escape");
    await expect(field).toBeFocused();

    await page.keyboard.press("Control+Shift+O");
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByLabel("First message")).toBeFocused();
    await page.getByRole("link", { name: "Skip to content" }).focus();
    await page.keyboard.press("Shift+Escape");
    await expect(page.getByLabel("First message")).toBeFocused();
  });

  test("Esc stops a streaming reply, but first closes a dialog that is open", async ({ page }) => {
    const stops: string[] = [];
    page.on(
      "request",
      (request) => request.url().endsWith("/turns/stop") && stops.push(request.url()),
    );
    await startChatFromHome(page, SLOW_STORY);
    await expect(
      page
        .getByRole("article", { name: "Agent" })
        .getByRole("heading", { name: "The lighthouse keeper's ledger" }),
    ).toBeVisible();
    // A second slow story waits in the queue, so a reply is still streaming whatever this machine's pace.
    const field = page.getByRole("textbox", { name: "Message" });
    await field.fill(SLOW_STORY);
    await page.getByRole("button", { name: "Queue" }).click();
    await expect(field).toHaveValue("");

    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole("button", { name: "Stop" })).toBeAttached();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(stops).toEqual([]);

    // In the composer Escape has no use of its own, so there it stops the reply being written.
    const streaming = page
      .locator("li[data-item-id]")
      .filter({ has: page.locator('article[aria-label="Agent"][data-status="streaming"]') });
    const itemId = await streaming.first().getAttribute("data-item-id");
    await field.focus();
    await page.keyboard.press("Escape");
    const stopped = page
      .locator(`li[data-item-id="${itemId}"]`)
      .getByRole("article", { name: "Agent" });
    await expect(stopped).toHaveAttribute("data-status", "stopped");
    await expect(stopped.getByText("You stopped this reply.")).toBeVisible();
    expect(stops).toHaveLength(1);
  });
});
