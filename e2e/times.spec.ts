import { expect, test } from "@playwright/test";
import { chatIdOf, runSql, startChatFromHome } from "./support";

test.describe("times in another zone and language", () => {
  test.use({ timezoneId: "Asia/Tokyo", locale: "de-DE" });

  test("an answer minutes old reads the same in the server's markup, after a reload, and with the exact local time on hover", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    await startChatFromHome(page, "Where should we go next?");
    const list = page.getByRole("group", { name: "Where should we go?" });
    await list.getByRole("button", { name: /Demo/ }).click();
    const time = list.getByRole("time");
    await expect(time).toHaveText("just now");
    // The answer is aged where the server keeps it: every later view reads the stored time.
    await runSql(`UPDATE "FrameSelection" SET "at" = "at" - interval '7 minutes' WHERE "itemId" IN (SELECT "id" FROM "Item" WHERE "chatId" = $1)`, [chatIdOf(page)]);
    // What the server draws, before any script runs, is what the page keeps once hydrated.
    const markup = await (await page.request.get(page.url())).text();
    expect(markup).toMatch(/<time [^>]*>7 min ago<\/time>/);
    await page.clock.install();
    await page.reload();
    await expect(time).toHaveText("7 min ago");
    // The exact time is the reader's own: German, in Tokyo's zone.
    await expect(time).toHaveAttribute("title", /GMT\+9/);
    await expect(time).toHaveAttribute("title", /(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)/);
    // It grows older while the page stays open, and reads the same again after a reload.
    await page.clock.fastForward("03:00");
    await expect(time).toHaveText("10 min ago");
    await page.reload();
    await expect(time).toHaveText("7 min ago");
    expect(errors.filter((error) => /hydrat|#418|#425/i.test(error))).toEqual([]);
  });
});
