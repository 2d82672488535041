import { expect, test } from "@playwright/test";
import { BOUNCING_DOMAIN } from "../lib/tools/send-email";
import { expectAxeCleanInBothSchemes } from "./every-look";
import { chatIdOf, expireConfirmations, replyFinished, runSql, startChatFromHome } from "./support";

test.describe("confirmations", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a keyboard pick moves focus to the confirmation, and a decision to its outcome", async ({
    page,
  }) => {
    await startChatFromHome(page, "Email the release notes");
    await replyFinished(page);
    await page.getByRole("button", { name: /Send to Ada/ }).focus();
    await page.keyboard.press("Enter");
    const card = page.getByRole("region", { name: /ada@example\.com/ });
    await expect(card).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: "Approve" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(
      card.getByRole("heading", { name: "Email sent to ada@example.com" }),
    ).toBeVisible();
    await expect(card.getByRole("status")).toBeFocused();
    await expect(card.getByRole("status")).toContainText("Message id");
  });

  test("a person edits a proposal and approves it: the card, the agent and a reload say what changed", async ({
    page,
  }) => {
    await startChatFromHome(page, "Email the release notes");
    await replyFinished(page);
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    const card = page.getByRole("region", { name: /ada@example\.com/ });
    await card.getByRole("button", { name: "Edit" }).click();
    const form = card.getByRole("form", { name: "Edit before approving" });
    const subject = form.getByRole("textbox", { name: "Subject" });
    await expect(subject).toHaveValue("Release notes");
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("Version 1.4 is out.");
    await expectAxeCleanInBothSchemes(page, "with the edit form open");

    // The server checks the edit with the tool's schema: an empty subject is refused, and marked.
    await subject.fill("");
    await form.getByRole("button", { name: "Approve with changes" }).click();
    await expect(card.getByRole("alert")).toHaveText(/These changes do not fit this action/);
    await expect(subject).toHaveAttribute("aria-invalid", "true");
    await expect(subject).toBeFocused();
    await expect(form.getByText("Not valid as written: Subject.")).toBeVisible();

    await subject.fill("Release notes for 1.4");
    await form.getByRole("button", { name: "Approve with changes" }).click();
    const approved = page.getByRole("region", { name: "Email sent to ada@example.com" });
    await expect(approved).toBeFocused();
    await expect(approved.getByText("Approved with changes")).toBeVisible();
    await expect(
      approved.getByText("Subject: “Release notes” → “Release notes for 1.4”", { exact: true }),
    ).toBeVisible();
    await expect(approved.getByRole("button")).toHaveCount(0);
    await expect(
      page.getByText(
        'Approved with your changes: subject: "Release notes" → "Release notes for 1.4".',
        { exact: false },
      ),
    ).toBeVisible();

    await page.reload();
    const reloaded = page.getByRole("region", { name: "Email sent to ada@example.com" });
    await expect(reloaded).toHaveCount(1);
    await expect(
      reloaded.getByText("Subject: “Release notes” → “Release notes for 1.4”", { exact: true }),
    ).toBeVisible();
    await expect(reloaded.getByText("Release notes for 1.4", { exact: true })).toBeVisible();
  });

  test("at 0:00 the card turns expired in place, the agent says so, and the list opens again", async ({
    page,
  }) => {
    await startChatFromHome(page, "Email the release notes");
    await replyFinished(page);
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    const card = page.getByRole("region", { name: /ada@example\.com/ });
    await expect(card.getByRole("button", { name: "Approve" })).toBeVisible();
    // A short time to live, injected where the server keeps it: the page draws what it reads.
    await expireConfirmations(chatIdOf(page), "now() + interval '4 seconds'");
    await page.reload();
    await expect(card.getByText(/Time left: 0:0[1-4]/)).toBeVisible();
    await expect(
      card.getByRole("heading", {
        name: "Email to ada@example.com not sent: the confirmation expired",
      }),
    ).toBeVisible();
    await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Reject" })).toHaveCount(0);
    await expect(
      page
        .getByRole("article", { name: "Decision" })
        .getByText("“Send to Ada” expired before anyone decided", { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText(/The proposal expired before anyone decided, so nothing was sent\./),
    ).toBeVisible();
    const list = page.getByRole("group", { name: "Send the release notes?" });
    await expect(list.getByText(/awaiting|approve or reject/)).toHaveCount(0);
    // Picking the same option again proposes it anew.
    await list.getByRole("button", { name: /Send to Ada/ }).click();
    await expect(
      page.getByRole("heading", { name: "Send an email to ada@example.com?" }),
    ).toBeVisible();
  });

  test("approving a handle whose time ran out draws it expired, in one line, not an error", async ({
    page,
  }) => {
    await startChatFromHome(page, "Email the release notes");
    await replyFinished(page);
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
    // This tab stops hearing the chat, so its card still offers Approve after the handle lapses.
    await page.route("**/events**", (route) => route.abort());
    await page.reload();
    const card = page.getByRole("region", { name: /ada@example\.com/ });
    await expect(card.getByRole("button", { name: "Approve" })).toBeVisible();
    await expireConfirmations(chatIdOf(page), "now() - interval '1 second'");
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(
      card.getByRole("heading", {
        name: "Email to ada@example.com not sent: the confirmation expired",
      }),
    ).toBeVisible();
    await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(card.getByRole("alert")).toHaveCount(0);
  });

  test("an approved action that fails says so in words, the agent says so, and the list opens again", async ({
    page,
  }) => {
    await startChatFromHome(page, "Email the release notes");
    await replyFinished(page);
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
    // Mail to the bouncing domain fails (lib/tools/send-email.ts): the proposal is readdressed there.
    const bouncing = `ada@${BOUNCING_DOMAIN}`;
    await runSql(
      `UPDATE "ActionConfirmation" SET "input" = jsonb_set("input", '{to}', to_jsonb($2::text)) WHERE "chatId" = $1`,
      [chatIdOf(page), bouncing],
    );
    await page.reload();
    const card = page.getByRole("region", { name: new RegExp(bouncing.replaceAll(".", "\\.")) });
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(
      card.getByRole("heading", { name: `The email to ${bouncing} was not sent: it failed` }),
    ).toBeVisible();
    await expect(card.getByRole("status")).toBeFocused();
    await expect(card.getByRole("status")).toHaveText(
      /^The action failed\. It is not tried again on its own: pick it in the list above for a new proposal, or choose something else\.$/,
    );
    await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(
      page
        .getByRole("article", { name: "Decision" })
        .getByText("You approved “Send to Ada”, but it failed", { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/“Send to Ada” did not go through/)).toBeVisible();
    const list = page.getByRole("group", { name: "Send the release notes?" });
    await expect(list.getByText(/“Send to Ada” failed · .+ Pick again/)).toBeVisible();
    await expect(list.getByRole("button", { name: /Send to Ada/ })).toBeEnabled();
  });
});
