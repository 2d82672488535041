import { expect, test } from "@playwright/test";
import { chatIdOf, replyFinished, sameOrigin, settledChat, startChatFromHome } from "./support";

const SLOW_STORY = "Tell me a long story, slowly";

test.describe("chat chrome", () => {
  test.describe.configure({ timeout: 60_000 });

  test("the composer is pinned to the bottom of a short chat, and the tab is titled after the chat", async ({
    page,
  }) => {
    await startChatFromHome(page, "a short chat");
    await replyFinished(page);
    await expect(page).toHaveTitle("a short chat · Answerable");
    const viewport = page.viewportSize()!;
    const composer = await page.getByRole("textbox", { name: "Message" }).boundingBox();
    expect(viewport.height - (composer!.y + composer!.height)).toBeLessThan(40);
    // The icons load: no 404 on any page load.
    for (const path of ["/favicon.ico", "/icon.svg", "/apple-icon.png"])
      expect((await page.request.get(path)).status(), path).toBe(200);
  });

  test("Stop ends a streaming reply as stopped, offers Retry, and the queue moves on", async ({
    page,
  }) => {
    await startChatFromHome(page, SLOW_STORY);
    const reply = page.getByRole("article", { name: "Agent" }).first();
    await expect(
      reply.getByRole("heading", { name: "The lighthouse keeper's ledger" }),
    ).toBeVisible();
    await page.getByRole("textbox", { name: "Message" }).fill("and then?");
    await page.getByRole("button", { name: "Queue" }).click();
    await expect(page.getByRole("list", { name: "Queued messages" })).toContainText("and then?");
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(reply).toHaveAttribute("data-status", "stopped");
    await expect(reply.getByText("You stopped this reply.")).toBeVisible();
    await expect(reply.getByText("until the pattern shows itself.")).toHaveCount(0);
    await expect(page.getByText("You said: “and then?”")).toBeVisible();
    await replyFinished(page);
    await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0);
  });

  test("Retry writes a stopped reply again", async ({ page }) => {
    await startChatFromHome(page, SLOW_STORY);
    const reply = page.getByRole("article", { name: "Agent" });
    await expect(
      reply.getByRole("heading", { name: "The lighthouse keeper's ledger" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(reply).toHaveAttribute("data-status", "stopped");
    await reply.getByRole("button", { name: "Retry" }).click();
    await expect(reply.getByText("until the pattern shows itself.")).toBeVisible({
      timeout: 30_000,
    });
    await expect(reply).toHaveAttribute("data-status", "complete");
  });

  test("a Regenerate the server refuses says why in words, and what to do instead", async ({
    page,
    baseURL,
  }) => {
    await startChatFromHome(page, "a reply to write again");
    await replyFinished(page);
    const chatId = chatIdOf(page);
    // This tab stops hearing the chat, so it still offers Regenerate once the chat has moved on.
    await page.route("**/events**", (route) => route.abort());
    await page.route(new RegExp(`/api/chats/${chatId}(\\?.*)?$`), (route) => route.abort());
    await page.reload();
    const sent = await page.request.post(`/api/chats/${chatId}/messages`, {
      headers: sameOrigin(baseURL),
      data: { text: "a newer message" },
    });
    expect(sent.status()).toBe(202);
    await settledChat(page.request, chatId);
    const reply = page.getByRole("article", { name: "Agent" });
    await reply.getByRole("button", { name: "Regenerate" }).click();
    const alert = reply.getByRole("alert");
    await expect(alert).toHaveText(
      /^The chat has moved on since this page drew it .+ Send a new message instead\.$/,
    );
    await expect(alert).not.toContainText("Only the last reply");
  });

  test("renaming a chat in the list renames it everywhere", async ({ page, context }) => {
    await startChatFromHome(page, "to be renamed");
    await replyFinished(page);
    const second = await context.newPage();
    await second.goto(page.url());
    await expect(second.getByRole("heading", { level: 1, name: "to be renamed" })).toBeVisible();
    const list = page.getByRole("navigation", { name: "Chats" });
    // The row's actions show when it is hovered or focused.
    await list.getByRole("link", { name: "to be renamed" }).hover();
    await list.getByRole("button", { name: "Rename “to be renamed”" }).click();
    await list.getByRole("textbox", { name: "Chat title" }).fill("Launch plan");
    await list.getByRole("button", { name: "Save" }).click();
    for (const tab of [page, second]) {
      await expect(tab.getByRole("heading", { level: 1, name: "Launch plan" })).toBeVisible();
      await expect(
        tab.getByRole("navigation", { name: "Chats" }).getByRole("link", { name: "Launch plan" }),
      ).toBeVisible();
      await expect(tab).toHaveTitle("Launch plan · Answerable");
    }
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Launch plan" })).toBeVisible();
  });

  test("a chat deleted in one tab is gone from every open tab", async ({ page, context }) => {
    await startChatFromHome(page, "to be deleted");
    await replyFinished(page);
    const chatUrl = page.url();
    const second = await context.newPage();
    await second.goto(chatUrl);
    const home = await context.newPage();
    await home.goto("/");
    await expect(
      home.getByRole("navigation", { name: "Chats" }).getByRole("link", { name: "to be deleted" }),
    ).toBeVisible();

    const list = page.getByRole("navigation", { name: "Chats" });
    await list.getByRole("link", { name: "to be deleted" }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(list.getByRole("button", { name: "Delete “to be deleted”" })).toBeFocused();
    await page.keyboard.press("Enter");
    const confirm = list.getByRole("group", { name: "Delete “to be deleted”" });
    // Focus starts on Cancel, so Enter twice deletes nothing; Escape returns to the row.
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(list.getByRole("link", { name: "to be deleted" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(second.getByRole("heading", { name: "This chat was deleted" })).toBeVisible();
    for (const tab of [page, second, home]) {
      await expect(
        tab.getByRole("navigation", { name: "Chats" }).getByRole("link", { name: "to be deleted" }),
      ).toHaveCount(0);
    }
    expect((await page.goto(chatUrl))?.status()).toBe(404);
  });

  test("copy puts a reply's text on the clipboard", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await startChatFromHome(page, "Tell me a long story");
    await replyFinished(page);
    await page.getByRole("button", { name: "Copy reply" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^## The lighthouse keeper's ledger\n/);
  });
});

test("the chat list opens as a sheet on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await startChatFromHome(page, "first on the phone");
  await replyFinished(page);
  await page.getByRole("link", { name: "New chat" }).click();
  await page.getByLabel("First message").fill("second on the phone");
  await page.getByRole("button", { name: "Start" }).click();
  await page.waitForURL(/\/chats\//);
  await expect(page.getByRole("navigation", { name: "Chats" })).toBeHidden();

  await page.getByRole("button", { name: "Open the chat list" }).click();
  const sheet = page.getByRole("dialog", { name: "Chat list" });
  await expect(sheet.getByRole("link", { name: "second on the phone" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await sheet.getByRole("link", { name: "first on the phone" }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "first on the phone" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The chat's title and the composer both fit: nothing pushes the page sideways or off the bottom.
  const composer = await page.getByRole("textbox", { name: "Message" }).boundingBox();
  expect(composer!.y + composer!.height).toBeLessThanOrEqual(740);
});
