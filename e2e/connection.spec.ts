import { expect, test } from "@playwright/test";
import { expectAxeCleanEverywhere } from "./every-look";
import { startChatFromHome } from "./support";

const SLOW_STORY = "Tell me a long story, slowly";

test("a dropped chat stream is said beside the composer, Send and Stop wait with the reason, and nothing typed is lost", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await startChatFromHome(page, SLOW_STORY);
  const reply = page.getByRole("article", { name: "Agent" });
  await expect(
    reply.getByRole("heading", { name: "The lighthouse keeper's ledger" }),
  ).toBeVisible();
  const field = page.getByRole("textbox", { name: "Message" });
  await field.fill(SLOW_STORY);
  const note = page.getByRole("status").filter({ hasText: /Reconnecting|Connected/ });
  // "Queue" while the story streams, "Send" once it has ended.
  const send = page.getByRole("button", { name: /^(Queue|Send)$/ });
  const stop = page.getByRole("button", { name: "Stop" });
  await expect(send).not.toHaveAttribute("aria-disabled");

  // Offline, with its open stream cut, the page can reach nothing until the network is back.
  await context.setOffline(true);
  await page.evaluate(() => window.stop());
  await expect(note).toHaveText(
    /^Reconnecting… Sending and stopping wait until the chat is connected again/,
  );
  for (const control of [send, stop]) {
    await expect(control).toHaveAttribute("aria-disabled", "true");
    await expect(control).toHaveAccessibleDescription(/^Reconnecting…/);
  }
  // Neither a click nor a key sends or stops while the chat is offline; the text stays.
  // force: a click on a control the page marks as disabled, to see that it does nothing.
  await send.click({ force: true });
  await field.press("Enter");
  await stop.click({ force: true });
  await field.press("Escape");
  await expect(field).toHaveValue(SLOW_STORY);
  await expectAxeCleanEverywhere(page);

  await context.setOffline(false);
  await expect(note).toHaveText("Connected again.", { timeout: 20_000 });
  await expect(send).not.toHaveAttribute("aria-disabled");
  // The stops tried while offline were never sent: the reply ran to its end.
  await expect(reply.first()).toHaveAttribute("data-status", "complete", { timeout: 60_000 });
  await expect(field).toHaveValue(SLOW_STORY);
  await send.click();
  await expect(field).toHaveValue("");
  await expect(
    reply.nth(1).getByRole("heading", { name: "The lighthouse keeper's ledger" }),
  ).toBeVisible();
  await stop.click();
  await expect(reply.nth(1)).toHaveAttribute("data-status", "stopped");
  // The note fades and leaves.
  await expect(note).toHaveCount(0);
});
