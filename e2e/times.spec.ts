import { expect, test } from "@playwright/test";
import { startChatFromHome } from "./support";

test.describe("times in another zone and language", () => {
  test.use({ timezoneId: "Asia/Tokyo", locale: "de-DE" });

  test("an answer's time reads the same before and after a reload, with the exact local time on hover", async ({ page }) => {
    await startChatFromHome(page, "Where should we go next?");
    const list = page.getByRole("group", { name: "Where should we go?" });
    await list.getByRole("button", { name: /Demo/ }).click();
    const time = list.getByRole("time");
    await expect(time).toHaveText("just now");
    const before = await time.textContent();
    await page.reload();
    await expect(list.getByRole("time")).toHaveText(before!);
    // The exact time is the reader's own: German, in Tokyo's zone.
    await expect(list.getByRole("time")).toHaveAttribute("title", /GMT\+9/);
    await expect(list.getByRole("time")).toHaveAttribute("title", /(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)/);
  });
});
