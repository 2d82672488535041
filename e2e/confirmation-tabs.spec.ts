import { expect, test, type Page } from "@playwright/test";
import { replyFinished, startChatFromHome } from "./support";

/** A proposal of "Send to Ada" drawn in two tabs; the second no longer hears the chat, as a tab decided on late. */
async function twoTabs(page: Page) {
  await startChatFromHome(page, "Email the release notes");
  await replyFinished(page);
  await page.getByRole("button", { name: /Send to Ada/ }).click();
  const card = page.getByRole("region", { name: /ada@example\.com/ });
  await expect(card.getByRole("button", { name: "Approve" })).toBeVisible();
  const late = await page.context().newPage();
  await late.route("**/events**", (route) => route.abort());
  await late.goto(page.url());
  const lateCard = late.getByRole("region", { name: /ada@example\.com/ });
  await expect(lateCard.getByRole("button", { name: "Approve" })).toBeEnabled();
  return { card, lateCard };
}

test.describe("a confirmation decided in two tabs", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a reject that came after an approval in another tab says it was approved there, and what it did", async ({
    page,
  }) => {
    const { card, lateCard } = await twoTabs(page);
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(
      card.getByRole("heading", { name: "Email sent to ada@example.com" }),
    ).toBeVisible();
    const refused = lateCard
      .page()
      .waitForResponse((response) => response.url().includes("/confirmations/"));
    await lateCard.getByRole("button", { name: "Reject" }).click();
    expect((await refused).status()).toBe(409);
    await expect(lateCard.getByRole("status")).toContainText("Approved in another tab.");
    await expect(
      lateCard.getByRole("heading", { name: "Email sent to ada@example.com" }),
    ).toBeVisible();
    await expect(lateCard.getByRole("alert")).toHaveCount(0);
  });

  test("an approval that came after a rejection in another tab says it was rejected there, and nothing was sent", async ({
    page,
  }) => {
    const { card, lateCard } = await twoTabs(page);
    await card.getByRole("button", { name: "Reject" }).click();
    await expect(card.getByRole("status")).toContainText("Nothing was sent.");
    const refused = lateCard
      .page()
      .waitForResponse((response) => response.url().includes("/confirmations/"));
    await lateCard.getByRole("button", { name: "Approve" }).click();
    expect((await refused).status()).toBe(409);
    await expect(lateCard.getByRole("status")).toContainText("Rejected in another tab.");
    await expect(lateCard.getByRole("status")).toContainText("Nothing was sent.");
    await expect(lateCard.getByRole("button", { name: "Approve" })).toHaveCount(0);
  });

  test("an edit in one tab against an approval in the other: the approval that came second shows the edit", async ({
    page,
  }) => {
    const { card, lateCard } = await twoTabs(page);
    await card.getByRole("button", { name: "Edit" }).click();
    await card.getByRole("textbox", { name: "Subject" }).fill("Release notes for 1.4");
    await card.getByRole("button", { name: "Approve with changes" }).click();
    const edited = page.getByRole("region", { name: "Email sent to ada@example.com" });
    await expect(edited.getByText("Approved with changes")).toBeVisible();
    const refused = lateCard
      .page()
      .waitForResponse((response) => response.url().includes("/confirmations/"));
    await lateCard.getByRole("button", { name: "Approve" }).click();
    expect((await refused).status()).toBe(409);
    await expect(lateCard.getByRole("status")).toContainText(
      "Changed in another tab before your decision arrived.",
    );
    await expect(
      lateCard.getByRole("heading", { name: "Email sent to ada@example.com" }),
    ).toBeVisible();
    await expect(
      lateCard.getByText("Subject: “Release notes” → “Release notes for 1.4”", { exact: true }),
    ).toBeVisible();
    await expect(lateCard.getByRole("alert")).toHaveCount(0);
  });

  test("an edit that came after an approval in another tab changes nothing and says it was approved there", async ({
    page,
  }) => {
    const { card, lateCard } = await twoTabs(page);
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(
      card.getByRole("heading", { name: "Email sent to ada@example.com" }),
    ).toBeVisible();
    await lateCard.getByRole("button", { name: "Edit" }).click();
    await lateCard.getByRole("textbox", { name: "Subject" }).fill("Release notes for 1.4");
    const refused = lateCard
      .page()
      .waitForResponse((response) => response.url().includes("/confirmations/"));
    await lateCard.getByRole("button", { name: "Approve with changes" }).click();
    expect((await refused).status()).toBe(409);
    await expect(lateCard.getByRole("status")).toContainText("Approved in another tab.");
    await expect(
      lateCard.getByRole("heading", { name: "Email sent to ada@example.com" }),
    ).toBeVisible();
    await expect(lateCard.getByText("Approved with changes")).toHaveCount(0);
    await expect(lateCard.getByRole("form")).toHaveCount(0);
    // The live tab still shows the approval as it ran, with the proposed subject.
    await expect(card.getByText("Release notes", { exact: true })).toBeVisible();
  });
});
