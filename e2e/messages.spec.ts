import { expect, test } from "@playwright/test";
import { axeViolations, replyFinished, startChatFromHome } from "./support";

const MESSAGE =
  "See [the docs](https://example.com/docs) and `npm test`.\nSecond line\n\n```\nconst answer = 42;\n```";

test.describe("a person's own message", () => {
  test("keeps its line breaks, and its link and code pass contrast on the bubble", async ({
    page,
  }) => {
    await startChatFromHome(page, "hello");
    await replyFinished(page);
    const field = page.getByRole("textbox", { name: "Message" });
    await field.fill("See [the docs](https://example.com/docs) and `npm test`.");
    await field.press("Shift+Enter");
    await field.pressSequentially("Second line");
    await expect(field).toHaveValue(
      "See [the docs](https://example.com/docs) and `npm test`.\nSecond line",
    );
    await field.fill(MESSAGE);
    await page.getByRole("button", { name: "Send" }).click();
    const mine = page.getByRole("article", { name: "You" }).last();
    await expect(mine.getByRole("link", { name: "the docs" })).toBeVisible();
    await expect(mine.getByText("const answer = 42;")).toBeVisible();
    // Two short lines typed with Shift+Enter draw as two lines, not run together as one.
    const lines = await mine
      .getByText(/^See the docs/)
      .evaluate(
        (element) =>
          element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
      );
    expect(Math.round(lines)).toBe(2);
    await replyFinished(page);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(
        await axeViolations(page, {
          include: "article[aria-label='You']",
          rules: ["color-contrast", "link-in-text-block"],
        }),
        colorScheme,
      ).toEqual([]);
    }
  });
});

test("a message with a code fence is echoed fenced, and the rest of the reply stays prose", async ({
  page,
}) => {
  await startChatFromHome(page, "hello");
  await replyFinished(page);
  await page.getByRole("textbox", { name: "Message" }).fill("look:\n```js\nconst a = 1;\n```");
  await page.getByRole("button", { name: "Send" }).click();
  const reply = page.getByRole("article", { name: "Agent" }).last();
  // The closing sentence is prose again, a paragraph of its own, not a line of the code block.
  await expect(
    reply
      .getByRole("paragraph")
      .filter({ hasText: /^This is the scripted demo agent: .+ for their slash commands\.$/ }),
  ).toBeVisible();
  await expect(
    reply.getByRole("code").filter({ hasText: "This is the scripted demo agent" }),
  ).toHaveCount(0);
});

test("Copy code puts exactly a code block's text on the clipboard", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await startChatFromHome(page, "hello");
  await replyFinished(page);
  await page.getByRole("textbox", { name: "Message" }).fill("look:\n```js\nconst a = 1;\n```");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("article", { name: "Agent" })).toHaveCount(2);
  await replyFinished(page);
  // The reply quotes the message in a code block of its own.
  const reply = page.getByRole("article", { name: "Agent" }).last();
  await reply.getByRole("button", { name: "Copy code" }).click();
  await expect(reply.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    "look:\n```js\nconst a = 1;\n```",
  );
});

test("an over-long message shows the limit and cannot be sent", async ({ page }) => {
  await startChatFromHome(page, "hello");
  const field = page.getByRole("textbox", { name: "Message" });
  await field.fill("a".repeat(7_000));
  await expect(field).toHaveAccessibleDescription("7,000 / 8,000 characters");
  await field.fill("a".repeat(8_123));
  await expect(field).toHaveAccessibleDescription(
    "123 characters over the 8,000 limit. Shorten the message or send it in parts.",
  );
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
});
