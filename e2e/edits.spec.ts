import { expect, test, type Page } from "@playwright/test";
import { expectAxeCleanInBothSchemes } from "./every-look";
import { replyFinished, startChatFromHome } from "./support";

// Scenario prompts (lib/agent/scenarios.ts): the mock answers only these.
const LIST = "Where should we go next?";
const STORY = "Tell me a long story";

const agent = (page: Page) => page.getByRole("article", { name: "Agent" });
const you = (page: Page) => page.getByRole("article", { name: "You" });
const docs = (page: Page) =>
  page
    .getByRole("group", { name: "Where should we go?" })
    .getByRole("button", { name: /Documentation/ });

/** A chat whose list reply was written again: two versions, the newest shown. */
async function writtenTwice(page: Page) {
  await startChatFromHome(page, LIST);
  await replyFinished(page);
  await agent(page).getByRole("button", { name: "Regenerate" }).click();
  await expect(page.getByText("Version 2 of 2")).toBeVisible();
  await replyFinished(page);
}

// Each state is checked by axe in the light colour scheme and the dark one; the flows run once.
test.describe("edits and versions", () => {
  // Each test writes a reply twice (and the first edits it), across tabs and a reload.
  test.describe.configure({ timeout: 120_000 });

  test("a reply written again keeps its earlier version, closed, in every tab and after a reload; an edit replaces it everywhere", async ({
    page,
    context,
  }) => {
    await writtenTwice(page);
    const versions = page.getByRole("group", { name: "Reply versions" });
    await expect(versions.getByRole("button", { name: "Next version" })).toBeDisabled();
    await versions.getByRole("button", { name: "Previous version" }).click();
    await expect(versions.getByText("Version 1 of 2")).toBeVisible();
    await expect(
      page.getByText("An earlier version of this reply: only the newest version can be answered."),
    ).toBeVisible();
    await expect(docs(page)).toBeDisabled();
    await expect(agent(page).getByRole("button", { name: "Regenerate" })).toHaveCount(0);
    await expectAxeCleanInBothSchemes(page);

    // Which versions exist is the server's: a second tab and a reload draw both, on the newest.
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(other.getByText("Version 2 of 2")).toBeVisible();
    await expect(docs(other)).toBeEnabled();
    await page.reload();
    await expect(page.getByText("Version 2 of 2")).toBeVisible();

    // Keyboard only: Edit, change the text, Enter.
    await you(page).first().locator("xpath=..").getByRole("button", { name: "Edit" }).focus();
    await page.keyboard.press("Enter");
    const field = page.getByRole("textbox", { name: /Edit message/ });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(LIST);
    await expectAxeCleanInBothSchemes(page);
    await field.fill(STORY);
    await page.keyboard.press("Enter");
    for (const tab of [page, other]) {
      await expect(you(tab)).toHaveCount(1);
      await expect(you(tab).first().getByText(STORY, { exact: true })).toBeVisible();
      await expect(tab.getByText(/Version \d of \d/)).toHaveCount(0);
    }
    await replyFinished(other);
    await other.reload();
    await expect(you(other).first().getByText(STORY, { exact: true })).toBeVisible();
    await expect(agent(other)).toHaveCount(1);
  });

  test("a message whose later reply was answered cannot be edited, and its Edit says why", async ({
    page,
  }) => {
    await startChatFromHome(page, LIST);
    await docs(page).click();
    await expect(you(page)).toHaveCount(2);
    await replyFinished(page);
    const edit = you(page).first().locator("xpath=..").getByRole("button", { name: "Edit" });
    await expect(edit).toHaveAttribute("aria-disabled", "true");
    await expect(edit).toHaveAccessibleDescription(/A reply after this message was answered/);
    await edit.focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByText(
        "A reply after this message was answered, and editing would discard that answer. Send a new message instead.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: /Edit message/ })).toHaveCount(0);
    await expectAxeCleanInBothSchemes(page);
  });

  test("on a phone, the version controls and the edit form are reachable and axe-clean", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await writtenTwice(page);
    await page.getByRole("button", { name: "Previous version" }).click();
    await expect(page.getByText("Version 1 of 2")).toBeVisible();
    await expectAxeCleanInBothSchemes(page);
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("textbox", { name: /Edit message/ })).toBeVisible();
    await expectAxeCleanInBothSchemes(page);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Edit" })).toBeFocused();
  });
});
