import { expect, test, type Page } from "@playwright/test";
import { expectAxeCleanInBothSchemes } from "./every-look";
import { replyFinished } from "./support";

// The example page draws the app's chats through the AI SDK's `useChat` and Answerable's
// transport; these tests answer on it and compare it with a second tab and the app's own page.
const EXAMPLE = /\/examples\/use-chat\/([0-9a-f-]{36})$/;
const STORY_START = "The lighthouse keeper's ledger";
const STORY_END = "until the pattern shows itself.";

async function startExampleChat(page: Page, message: string): Promise<string> {
  await page.goto("/examples/use-chat");
  await page.getByLabel("First message").fill(message);
  await page.getByRole("button", { name: "Start" }).click();
  await page.waitForURL(EXAMPLE);
  return EXAMPLE.exec(page.url())![1]!;
}

const blocks = (page: Page) => page.getByRole("region", { name: "Interactive block" });
const colours = (page: Page) => page.getByRole("group", { name: "And a colour?" });

test.describe("a stock useChat page on Answerable's transport", () => {
  test.describe.configure({ timeout: 90_000 });

  test("answers a block, a ChoiceList and a proposed action; a second tab and the app's page agree", async ({
    page,
    context,
  }) => {
    const chatId = await startExampleChat(page, "Mix prose, a block and a list");
    await replyFinished(page);
    const second = await context.newPage();
    await second.goto(page.url());
    const app = await context.newPage();
    await app.goto(`/chats/${chatId}`);
    await replyFinished(second);

    // A block pick: the person's words go as the next message, and the agent answers them.
    await blocks(page).first().getByText("Small", { exact: true }).click();
    await expect(blocks(page).first().getByRole("radio", { name: "Small" })).toBeChecked();
    await blocks(page).first().getByRole("button", { name: "Pick this size" }).click();
    for (const tab of [page, second, app]) {
      await expect(tab.getByRole("article", { name: "You" }).nth(1)).toContainText(
        "I'll take size Small.",
      );
      await expect(tab.getByText("Noted: size Small.", { exact: false })).toBeVisible();
      await expect(
        blocks(tab)
          .first()
          .getByText(/Answered: Pick this size · .+/),
      ).toBeVisible();
    }

    // A ChoiceList pick, made on the second tab this time.
    await replyFinished(second);
    await colours(second).getByRole("button", { name: "Blue" }).click();
    for (const tab of [page, second, app]) {
      await expect(colours(tab).getByText(/Answered “Blue”/)).toBeVisible();
      await expect(colours(tab).getByRole("button", { name: "Red" })).toBeDisabled();
    }
    await replyFinished(page);

    // A message sent through useChat's sendMessage, and the action it proposes approved.
    await page.getByRole("textbox", { name: "Message" }).fill("Email the release notes");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("button", { name: /Send to Ada/ })).toBeVisible();
    await replyFinished(page);
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    const card = page.getByRole("region", { name: /ada@example\.com/ });
    await card.getByRole("button", { name: "Approve" }).click();
    for (const tab of [page, second, app]) {
      await expect(
        tab.getByRole("heading", { name: "Email sent to ada@example.com" }),
      ).toBeVisible();
      await expect(tab.getByText(/Done: the email went to/)).toBeVisible();
    }
    // A pick the server refuses (the list was answered) changes nothing on any page.
    await expect(colours(page).getByRole("button", { name: "Red" })).toBeDisabled();
    await replyFinished(page);
    await expectAxeCleanInBothSchemes(page);
  });

  test("a reload mid-reply resumes it from the log, once, and a second tab follows it", async ({
    page,
    context,
  }) => {
    const chatId = await startExampleChat(page, "Tell me a long story, slowly");
    const reply = page.getByRole("article", { name: "Agent" });
    await expect(reply.getByRole("heading", { name: STORY_START })).toBeVisible();
    await expect(reply).toHaveAttribute("data-status", "streaming");
    await page.reload();
    const second = await context.newPage();
    await second.goto(page.url());
    for (const tab of [page, second]) {
      const resumed = tab.getByRole("article", { name: "Agent" });
      await expect(resumed.getByText(STORY_END)).toBeVisible({ timeout: 30_000 });
      await expect(resumed).toHaveAttribute("data-status", "complete");
      await expect(resumed.getByRole("heading", { name: STORY_START })).toHaveCount(1);
    }
    const app = await context.newPage();
    await app.goto(`/chats/${chatId}`);
    const prose = (tab: Page) =>
      tab.getByRole("article", { name: "Agent" }).locator(".prose-chat").allInnerTexts();
    // The same words as the app's page draws: none lost or doubled by the resume.
    expect((await prose(page)).map(normalise)).toEqual((await prose(app)).map(normalise));
  });
});

const normalise = (text: string) => text.replace(/\s+/g, " ").trim();
