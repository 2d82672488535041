import { expect, test } from "@playwright/test";
import { expectAxeCleanInBothSchemes } from "./every-look";
import { createChat, runSql, sameOrigin, settledChat } from "./support";

const TITLE = "Weekly sync";

test.describe("the chat list", () => {
  test.describe.configure({ timeout: 60_000 });

  test("tells apart two chats of one title by when each moved and by its last message", async ({
    page,
    baseURL,
  }) => {
    const older = await createChat(page.request, baseURL, "Tell me a long story");
    const newer = await createChat(page.request, baseURL, "plan the launch");
    for (const chatId of [older, newer]) {
      await settledChat(page.request, chatId);
      const renamed = await page.request.patch(`/api/chats/${chatId}`, {
        headers: sameOrigin(baseURL),
        data: { title: TITLE },
      });
      expect(renamed.status()).toBe(200);
    }
    await runSql(`UPDATE "Chat" SET "updatedAt" = now() - interval '1 day' WHERE "id" = $1`, [
      older,
    ]);
    await page.goto("/");
    const list = page.getByRole("navigation", { name: "Chats" });
    const today = list.getByRole("region", { name: "Today" }).getByRole("link", { name: TITLE });
    const yesterday = list
      .getByRole("region", { name: "Yesterday" })
      .getByRole("link", { name: TITLE });
    await expect(today.locator("time")).toHaveText(/^\d{2}:\d{2}$/);
    await expect(yesterday.locator("time")).toHaveText("Yesterday");
    // The last message, as plain text: the story's heading without its Markdown marks.
    await expect(yesterday).toHaveAccessibleDescription(
      /^The lighthouse keeper's ledger Every evening the keeper wrote/,
    );
    const newest = (await settledChat(page.request, newer)).items.at(-1)!;
    expect(newest.role).toBe("assistant");
    await expect(today).not.toHaveAccessibleDescription(/lighthouse/);
    await expect(today).toHaveAccessibleDescription(/\S/);

    // Shown on hover and on focus, put away by Escape.
    const tooltip = page.getByRole("tooltip");
    await expect(tooltip).toHaveCount(0);
    await yesterday.hover();
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toHaveText(/^The lighthouse keeper's ledger/);
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);
    await today.focus();
    await expect(tooltip).toBeVisible();
    await expect(tooltip).not.toHaveText(/lighthouse/);
    await expectAxeCleanInBothSchemes(page, "with a last message shown");
    await page.keyboard.press("Escape");
    await expect(tooltip).toHaveCount(0);
    await expect(today).toBeFocused();
  });
});
