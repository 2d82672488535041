import { expect, test } from "@playwright/test";
import { chatIdOf, expireConfirmations, replyFinished, startChatFromHome } from "./support";

test("on a phone, Escape in the rename field cancels the rename only; then the row's tooltip, then the chat list", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await startChatFromHome(page, "renamed on the phone");
  await replyFinished(page);
  await page.getByRole("button", { name: "Open the chat list" }).click();
  const sheet = page.getByRole("dialog", { name: "Chat list" });
  await sheet.getByRole("button", { name: "Rename “renamed on the phone”" }).click();
  const field = sheet.getByRole("textbox", { name: "Chat title" });
  await expect(field).toBeFocused();
  await field.fill("not kept");
  await page.keyboard.press("Escape");
  await expect(field).toHaveCount(0);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("link", { name: "renamed on the phone" })).toBeFocused();
  // The focused row shows its last message; Escape puts that away first, as a tooltip must allow.
  await expect(sheet.getByRole("tooltip")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet.getByRole("tooltip")).toHaveCount(0);
  await expect(sheet).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
});

test("a proposal that expired is dated when it expired, not when it was picked", async ({
  page,
}) => {
  await startChatFromHome(page, "Email the release notes");
  await replyFinished(page);
  await page.getByRole("button", { name: /Send to Ada/ }).click();
  await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
  // Its time ran out two hours ago, as the server keeps it: opening the chat settles it expired.
  await expireConfirmations(chatIdOf(page), "now() - interval '2 hours'");
  await page.reload();
  const list = page.getByRole("group", { name: "Send the release notes?" });
  await expect(
    list.getByText("“Send to Ada” expired before anyone decided · 2 hours ago.", { exact: false }),
  ).toBeVisible();
});

test("a checklist whose tag has closed stays inert while its reply streams, and works once the reply is final", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Written slowly, so the reply streams for seconds after the Checklist closes.
  await startChatFromHome(page, "Walk me through a release checklist, slowly");
  const reply = page.getByRole("article", { name: "Agent" }).first();
  const streaming = reply.and(page.locator('[data-status="streaming"]'));
  // The Segmented after it is drawn: the Checklist's tag closed a while ago.
  await expect(streaming.getByRole("radio", { name: "Production" })).toBeAttached();
  await expect(streaming.getByRole("checkbox", { name: "Docs updated" })).toBeDisabled();
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 40_000 });
  const docs = reply.getByRole("checkbox", { name: "Docs updated" });
  await docs.check();
  await expect(docs).toBeChecked();
});
