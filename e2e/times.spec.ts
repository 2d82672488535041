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

// German words a German browser's own formatting would put into the app's English sentences.
const GERMAN =
  /\bvor \d|\b(?:jetzt|gestern|vorgestern|Uhr|Sekunden?|Minuten?|Stunden?|Tagen?|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember)\b/;

test.describe("times in another zone, with a German browser", () => {
  test.use({ timezoneId: "Asia/Tokyo", locale: "de-DE" });

  test("an answer minutes old reads in the app's English, the same in the server's markup, after a reload, and with the exact time in the reader's zone on hover", async ({
    page,
  }) => {
    const errors = hydrationErrors(page);
    await startChatFromHome(page, "Where should we go next?");
    const list = page.getByRole("group", { name: "Where should we go?" });
    await list.getByRole("button", { name: /Demo/ }).click();
    const time = list.getByRole("time");
    await expect(time).toHaveText("now");
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
    expect(markup).toMatch(/<time [^>]*>7 minutes ago<\/time>/);
    await expect(time).toHaveText("7 minutes ago");
    await expect(list).toContainText(/Answered .+ · 7 minutes ago/);
    // The exact time is in the reader's own zone, Tokyo's, and in the app's words.
    await expect(time).toHaveAttribute("title", /GMT\+9/);
    await expect(time).toHaveAttribute(
      "title",
      /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), /,
    );
    // Each message says when it was written: to a screen reader in its text, on hover in its title.
    const message = page.getByRole("article", { name: "You" }).first();
    await expect(message.getByRole("time")).toHaveText("7 minutes ago");
    await expect(message).toHaveAttribute("title", /GMT\+9/);
    expect(await message.getAttribute("title")).not.toMatch(GERMAN);
    // It grows older while the page stays open, and reads the same again after a reload.
    await page.clock.fastForward("03:00");
    await expect(time).toHaveText("10 minutes ago");
    await page.reload();
    await expect(time).toHaveText("7 minutes ago");
    expect(await page.getByRole("main").innerText()).not.toMatch(GERMAN);
    expect(onlyHydration(errors)).toEqual([]);
  });

  test("a live block's sentence and a reply's figures are English through and through, by the server and after hydration", async ({
    page,
  }) => {
    const errors = hydrationErrors(page);
    await startChatFromHome(page, "Triage the failing build");
    const block = page.getByRole("region", { name: "Interactive block" }).first();
    await expect(block.getByText("Live data, read now.")).toBeVisible({ timeout: 20_000 });
    await replyFinished(page);
    const markup = await (await page.reload())!.text();
    expect(markup).toMatch(/Live data, read <time [^>]*>now<\/time>\./);
    await expect(block.getByText("Live data, read now.")).toBeVisible();
    expect(await page.getByRole("main").innerText()).not.toMatch(GERMAN);

    await startChatFromHome(page, "Ask a subagent to check the build");
    const cell = page
      .getByRole("article", { name: "Subagent" })
      .getByRole("cell", { name: "5.4 s" });
    await expect(cell).toBeVisible({ timeout: 20_000 });
    await replyFinished(page);
    expect(await (await page.reload())!.text()).toContain(">5.4 s<");
    await expect(cell).toBeVisible();
    expect(await page.getByRole("main").innerText()).not.toMatch(GERMAN);
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
