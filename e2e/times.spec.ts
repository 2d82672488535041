import { expect, type Page, test } from "@playwright/test";
import { chatIdOf, replyFinished, runSql, startChatFromHome } from "./support";

/** Collects hydration failures: the server's markup and the browser's first render disagreed. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const onlyHydration = (errors: string[]) =>
  errors.filter((error) => /hydrat|#418|#425/i.test(error));

test.describe.configure({ timeout: 60_000 });

test.describe("times in another zone and language", () => {
  test.use({ timezoneId: "Asia/Tokyo", locale: "de-DE" });

  test("an answer minutes old reads in German, the same in the server's markup, after a reload, and with the exact local time on hover", async ({
    page,
  }) => {
    const errors = hydrationErrors(page);
    await startChatFromHome(page, "Where should we go next?");
    const list = page.getByRole("group", { name: "Where should we go?" });
    await list.getByRole("button", { name: /Demo/ }).click();
    const time = list.getByRole("time");
    await expect(time).toHaveText("jetzt");
    // The answer and the first message are aged where the server keeps them: every later view reads the stored times.
    await runSql(
      `UPDATE "FrameSelection" SET "at" = "at" - interval '7 minutes' WHERE "itemId" IN (SELECT "id" FROM "Item" WHERE "chatId" = $1)`,
      [chatIdOf(page)],
    );
    await runSql(
      `UPDATE "Item" SET "createdAt" = "createdAt" - interval '7 minutes' WHERE "chatId" = $1 AND "role" = 'user'`,
      [chatIdOf(page)],
    );
    await page.clock.install();
    // What the server draws for this browser's request, before any script runs, is what the page keeps once hydrated.
    const markup = await (await page.reload())!.text();
    expect(markup).toMatch(/<time [^>]*>vor 7 Minuten<\/time>/);
    await expect(time).toHaveText("vor 7 Minuten");
    // The exact time is the reader's own: German, in Tokyo's zone.
    await expect(time).toHaveAttribute("title", /GMT\+9/);
    await expect(time).toHaveAttribute(
      "title",
      /(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)/,
    );
    // Each message says when it was written: to a screen reader in its text, on hover in its title.
    const message = page.getByRole("article", { name: "You" }).first();
    await expect(message.getByRole("time")).toHaveText("vor 7 Minuten");
    await expect(message).toHaveAttribute("title", /GMT\+9/);
    // It grows older while the page stays open, and reads the same again after a reload.
    await page.clock.fastForward("03:00");
    await expect(time).toHaveText("vor 10 Minuten");
    await page.reload();
    await expect(time).toHaveText("vor 7 Minuten");
    expect(onlyHydration(errors)).toEqual([]);
  });

  test("figures in a reply are written as German writes them, by the server and after hydration", async ({
    page,
  }) => {
    const errors = hydrationErrors(page);
    await startChatFromHome(page, "Ask a subagent to check the build");
    await expect(
      page.getByRole("article", { name: "Subagent" }).getByRole("cell", { name: "5,4 s" }),
    ).toBeVisible({ timeout: 20_000 });
    await replyFinished(page);
    const markup = await (await page.reload())!.text();
    expect(markup).toContain(">5,4 s<");
    await expect(
      page.getByRole("article", { name: "Subagent" }).getByRole("cell", { name: "5,4 s" }),
    ).toBeVisible();
    expect(onlyHydration(errors)).toEqual([]);
  });
});

test("times and figures read in English by default", async ({ page }) => {
  const errors = hydrationErrors(page);
  await startChatFromHome(page, "Ask a subagent to check the build");
  await expect(
    page.getByRole("article", { name: "Subagent" }).getByRole("cell", { name: "5.4 s" }),
  ).toBeVisible({ timeout: 20_000 });
  await runSql(
    `UPDATE "Item" SET "createdAt" = "createdAt" - interval '3 hours' WHERE "chatId" = $1 AND "role" = 'user'`,
    [chatIdOf(page)],
  );
  const markup = await (await page.reload())!.text();
  expect(markup).toMatch(/<time [^>]*>3 hours ago<\/time>/);
  await expect(page.getByRole("article", { name: "You" }).getByRole("time")).toHaveText(
    "3 hours ago",
  );
  expect(onlyHydration(errors)).toEqual([]);
});
