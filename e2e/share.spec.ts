import { expect, test, type Page } from "@playwright/test";
import { expectAxeCleanInBothSchemes, PHONE } from "./every-look";
import {
  chatIdOf,
  createChat,
  openChatAction,
  replyFinished,
  sameOrigin,
  settledChat,
  startChatFromHome,
} from "./support";

const MIXED = "Mix prose, a block and a list";
const READ_ONLY = "A shared copy, to read: only the chat's owner can answer it.";

/** Opens the header's Share dialog with the keyboard and makes a link; returns its address. */
async function shareLink(page: Page): Promise<string> {
  // On a phone Share is the first of the chat's actions in the header's menu.
  const menu = page.getByRole("button", { name: "Chat actions" });
  if (await menu.isVisible()) {
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Share" })).toBeFocused();
  } else await page.getByRole("button", { name: "Share" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Share this chat" });
  await dialog.getByRole("button", { name: /Create a link|Make a new link/ }).click();
  const link = dialog.getByRole("textbox", { name: "Link" });
  await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole("button", { name: "Copy the link" })).toBeVisible();
  const address = await link.inputValue();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  return address;
}

async function stopSharing(page: Page): Promise<void> {
  await openChatAction(page, "Share");
  const dialog = page.getByRole("dialog", { name: "Share this chat" });
  await dialog.getByRole("button", { name: "Stop sharing" }).click();
  await expect(dialog.getByText("This chat is private.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
}

/** Nothing on the page can ask the server for anything: every control is disabled but Copy. */
async function expectNothingAnswerable(page: Page): Promise<void> {
  for (const button of await page.getByRole("button").all()) {
    const name = (await button.getAttribute("aria-label")) ?? (await button.textContent()) ?? "";
    if (!/^Copy/.test(name.trim())) await expect(button, name).toBeDisabled();
  }
  for (const radio of await page.getByRole("radio").all()) await expect(radio).toBeDisabled();
  await expect(page.getByRole("textbox")).toHaveCount(0);
  for (const name of ["Share", "Stop", "Regenerate", "Approve", "Reject", "Send", "New chat"])
    await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);
}

test.describe("sharing a chat through a link", () => {
  test("a viewer in another browser follows it live, answers nothing, sees no other chat, and loses it at once when unshared", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await startChatFromHome(page, MIXED);
    await replyFinished(page);
    const link = await shareLink(page);
    expect(link).not.toContain(chatIdOf(page));

    // A second visitor, with a chat of their own and no cookie of the owner's.
    const viewer = await browser.newContext();
    try {
      await createChat(viewer.request, baseURL, "Where should we go next?");
      const seen = await viewer.newPage();
      const asked: string[] = [];
      seen.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/")) asked.push(`${request.method()} ${url.pathname}`);
      });
      await seen.goto(link);
      await expect(seen.getByRole("heading", { level: 1, name: MIXED })).toBeVisible();
      await expect(seen.getByText("Shared copy · read only")).toBeVisible();
      await expect(seen.locator("[data-stream-status]")).toHaveAttribute(
        "data-stream-status",
        "live",
      );
      await expect(
        seen.getByRole("region", { name: /interactive block/i }).getByText(READ_ONLY),
      ).toBeVisible();
      await expect(
        seen.getByRole("group", { name: "And a colour?" }).getByText(READ_ONLY),
      ).toBeVisible();
      await expectNothingAnswerable(seen);
      // No chat list: neither the owner's chats nor the viewer's own.
      await expect(seen.getByRole("complementary", { name: "Chat list" })).toHaveCount(0);
      await expect(seen.getByRole("link", { name: "Where should we go next?" })).toHaveCount(0);

      // The owner answers both parts; the viewer sees each drawn closed, and the replies stream in.
      await page
        .getByRole("group", { name: "And a colour?" })
        .getByRole("button", { name: "Blue" })
        .click();
      await expect(
        seen.getByRole("group", { name: "And a colour?" }).getByText(/Answered “Blue”/),
      ).toBeVisible();
      await expect(seen.getByRole("article", { name: "You" }).nth(1)).toContainText("Blue");
      await expect(seen.getByRole("article", { name: "Agent" })).toHaveCount(2);
      await replyFinished(page);
      await page
        .getByRole("region", { name: /interactive block/i })
        .getByRole("button", { name: "Pick this size" })
        .click();
      await expect(
        seen
          .getByRole("region", { name: /interactive block/i })
          .getByText(/Answered: Pick this size · /),
      ).toBeVisible();
      await expect(seen.getByRole("article", { name: "Agent" })).toHaveCount(3);
      await expect(seen.getByRole("article", { name: "Agent" }).last()).toHaveAttribute(
        "data-status",
        "complete",
      );
      await expectNothingAnswerable(seen);
      // The viewer's page only ever read, and only through the link's routes.
      expect(
        asked.filter(
          (entry) => !/^GET \/api\/shares\/[A-Za-z0-9_-]{43}(\/events|\/items)?$/.test(entry),
        ),
      ).toEqual([]);

      // Stop sharing: the open page says so at once, without a reload, and so does a reload.
      await stopSharing(page);
      await expect(seen.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
      const reloaded = await seen.reload();
      expect(reloaded?.status()).toBe(404);
      await expect(seen.getByRole("heading", { name: "This link no longer works" })).toBeVisible();

      // Sharing again issues a new link; the old one stays dead.
      const fresh = await shareLink(page);
      expect(fresh).not.toBe(link);
      await seen.goto(fresh);
      await expect(seen.getByRole("heading", { level: 1, name: MIXED })).toBeVisible();
      await seen.goto(link);
      await expect(seen.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
    } finally {
      await viewer.close();
    }
  });
});

// Each page is checked in the light colour scheme and the dark one.
for (const [device, viewport] of [
  ["desktop", null],
  ["phone", PHONE],
] as const) {
  test.describe(`sharing, accessibility (${device})`, () => {
    test("the share dialog and the shared page have no axe violations", async ({
      page,
      browser,
      baseURL,
    }) => {
      // Two pages checked whole, after a reply and a pick.
      test.setTimeout(90_000);
      if (viewport) await page.setViewportSize(viewport);
      const chatId = await createChat(page.request, baseURL, "Email the release notes");
      const itemId = (await settledChat(page.request, chatId)).items[1]!.id;
      // A pending confirmation draws its read-only card on the shared page.
      await page.request.post(`/api/chats/${chatId}/selections`, {
        headers: sameOrigin(baseURL),
        data: { itemId, instanceId: "release-email", choiceId: "send" },
      });
      await page.goto(`/chats/${chatId}`);
      const link = await shareLink(page);
      await openChatAction(page, "Share");
      await expect(page.getByText(/Shared since/)).toBeVisible();
      await expectAxeCleanInBothSchemes(page);

      const viewer = await browser.newContext(viewport ? { viewport } : {});
      try {
        const seen = await viewer.newPage();
        await seen.goto(link);
        await expect(
          seen.getByText("Waiting for the chat’s owner to approve or reject it."),
        ).toBeVisible();
        await expectAxeCleanInBothSchemes(seen);
      } finally {
        await viewer.close();
      }
    });
  });
}
