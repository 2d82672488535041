import { expect, test } from "@playwright/test";
import { expectAxeCleanInBothSchemes, PHONE } from "./every-look";
import {
  chatIdOf,
  createChat,
  expireConfirmations,
  replyFinished,
  sameOrigin,
  settledChat,
  startChatFromHome,
} from "./support";

// Each state is reached once and checked in the light colour scheme and the dark one.
test.describe("accessibility, light and dark", () => {
  // Two axe passes a test: a minute, where the test of one pass had half.
  test.describe.configure({ timeout: 60_000 });
  test("the home page has no axe violations", async ({ page }) => {
    await page.goto("/");
    await expectAxeCleanInBothSchemes(page);
  });

  test("a chat with an answered list and a pending confirmation has no axe violations", async ({
    page,
  }) => {
    await startChatFromHome(page, "Email the release notes");
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
    await expectAxeCleanInBothSchemes(page);
  });

  test("a chat holding the reply to every starter, answered and decided, has no axe violations", async ({
    page,
    baseURL,
  }) => {
    // Its own waits add up to this: a queue of every starter settling (120 s), the earlier
    // messages drawn (60 s), then two picks and two axe passes on a long page.
    test.setTimeout(300_000);
    await page.goto("/");
    // A starter written slowly draws the same reply as the starter without it: once is enough.
    const starters = (
      await page
        .getByRole("list", { name: "Starter prompts" })
        .getByRole("button")
        .allTextContents()
    ).filter((starter) => !/slowly$/.test(starter));
    expect(starters.length).toBeGreaterThan(10);
    // One chat answers them all in turn: the first starts it, the rest wait in its queue.
    const chatId = await createChat(page.request, baseURL, starters[0]);
    for (const starter of starters.slice(1)) {
      const sent = await page.request.post(`/api/chats/${chatId}/messages`, {
        headers: sameOrigin(baseURL),
        data: { text: starter },
      });
      expect(sent.status()).toBe(202);
    }
    await settledChat(page.request, chatId, 120_000);
    await page.goto(`/chats/${chatId}`);
    // The page opens on the latest exchanges only: draw every starter's reply. Bringing the button
    // into view may load them by itself, taking the button away before the click lands.
    const earlier = page.getByRole("button", { name: "Show earlier messages" });
    await expect(async () => {
      if ((await earlier.count()) > 0) await earlier.click({ timeout: 5_000 });
      await expect(earlier).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    await page.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByRole("heading", { name: /you rejected it/ })).toBeVisible();
    await page
      .getByRole("group", { name: "Where should we go?" })
      .getByRole("button", { name: /Documentation/ })
      .click();
    await expect(page.getByText(/Answered “Documentation”/)).toBeVisible();
    await expectAxeCleanInBothSchemes(page);
  });

  test("a missing chat and a deleted one have no axe violations", async ({ page, baseURL }) => {
    await page.goto("/chats/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expectAxeCleanInBothSchemes(page);
    const chatId = await createChat(page.request, baseURL, "soon gone");
    await page.goto(`/chats/${chatId}`);
    expect(
      (
        await page.request.delete(`/api/chats/${chatId}`, { headers: sameOrigin(baseURL) })
      ).status(),
    ).toBe(200);
    await expect(page.getByRole("heading", { name: "This chat was deleted" })).toBeVisible();
    await expectAxeCleanInBothSchemes(page);
  });

  test("a block drawing every catalog component has no axe violations", async ({ page }) => {
    await startChatFromHome(page, "Show every block component");
    // The gallery is the longest scripted reply: on a loaded machine it streams for well over 10 s.
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
      "data-status",
      "complete",
      { timeout: 45_000 },
    );
    await expect(
      page
        .getByRole("region", { name: "Interactive block" })
        .getByRole("button", { name: "A choice" }),
    ).toBeEnabled();
    await expectAxeCleanInBothSchemes(page);
  });

  test("a chat of several blocks, and the CI table's status chips, have no axe violations", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // Three blocks in one reply, then a live CI table: each block a landmark of its own name.
    const chatId = await createChat(page.request, baseURL, "Draw a block with mistakes in it");
    const sent = await page.request.post(`/api/chats/${chatId}/messages`, {
      headers: sameOrigin(baseURL),
      data: { text: "Triage the failing build" },
    });
    expect(sent.status()).toBe(202);
    await settledChat(page.request, chatId);
    await page.goto(`/chats/${chatId}`);
    await expect(page.getByRole("region", { name: /interactive block/i })).toHaveCount(4);
    await expect(
      page
        .getByRole("table")
        .getByRole("cell", { name: /passed|failed|running/ })
        .first(),
    ).toBeVisible();
    await expectAxeCleanInBothSchemes(page);
    await expect(
      page.getByRole("region", { name: "Healthy before, interactive block" }),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: /^CI on main, interactive block$/ }),
    ).toBeVisible();
  });

  test("the phone layout, home and a chat, and its open chat list have no axe violations", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await expectAxeCleanInBothSchemes(page);
    await startChatFromHome(page, "Where should we go next?");
    await replyFinished(page);
    await expectAxeCleanInBothSchemes(page);
    await page.getByRole("button", { name: "Open the chat list" }).click();
    await expect(
      page
        .getByRole("dialog", { name: "Chat list" })
        .getByRole("link", { name: "Where should we go next?" }),
    ).toBeVisible();
    await expectAxeCleanInBothSchemes(page);
  });

  test("the chat list's rename form and delete confirmation have no axe violations", async ({
    page,
    baseURL,
  }) => {
    await createChat(page.request, baseURL, "named for the list");
    await page.goto("/");
    const list = page.getByRole("navigation", { name: "Chats" });
    await list.getByRole("link", { name: "named for the list" }).hover();
    await list.getByRole("button", { name: "Rename “named for the list”" }).click();
    await expect(list.getByRole("textbox", { name: "Chat title" })).toBeFocused();
    await expectAxeCleanInBothSchemes(page);
    await list.getByRole("button", { name: "Cancel" }).click();
    await list.getByRole("link", { name: "named for the list" }).hover();
    await list.getByRole("button", { name: "Delete “named for the list”" }).click();
    await expect(
      list
        .getByRole("group", { name: "Delete “named for the list”" })
        .getByRole("button", { name: "Cancel" }),
    ).toBeFocused();
    await expectAxeCleanInBothSchemes(page);
  });

  test("an approved and an expired confirmation card have no axe violations", async ({ page }) => {
    await startChatFromHome(page, "Email the release notes");
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    const card = page.getByRole("region", { name: /ada@example\.com/ });
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(
      card.getByRole("heading", { name: "Email sent to ada@example.com" }),
    ).toBeVisible();
    await expect(page.getByText(/Done: the email went to ada@example\.com/)).toBeVisible();
    await expectAxeCleanInBothSchemes(page);

    await startChatFromHome(page, "Email the release notes");
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    await expect(card.getByRole("button", { name: "Approve" })).toBeVisible();
    await expireConfirmations(chatIdOf(page), "now() - interval '1 second'");
    await page.reload();
    await expect(
      card.getByRole("heading", {
        name: "Email to ada@example.com not sent: the confirmation expired",
      }),
    ).toBeVisible();
    await expect(page.getByText(/The proposal expired before anyone decided/)).toBeVisible();
    await expectAxeCleanInBothSchemes(page);
  });

  test("a stopped reply has no axe violations", async ({ page }) => {
    await startChatFromHome(page, "Tell me a long story, slowly");
    const reply = page.getByRole("article", { name: "Agent" });
    await expect(
      reply.getByRole("heading", { name: "The lighthouse keeper's ledger" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(reply).toHaveAttribute("data-status", "stopped");
    await expect(reply.getByRole("button", { name: "Retry" })).toBeEnabled();
    await expectAxeCleanInBothSchemes(page);
  });

  test("a list still streaming in, drawn as a skeleton, has no axe violations", async ({
    page,
    context,
  }) => {
    await startChatFromHome(page, "Where should we go next, slowly?");
    const skeleton = page
      .getByRole("article", { name: "Agent" })
      .getByRole("status", { name: "A list is arriving" });
    await expect(skeleton).toBeVisible();
    // Offline, with its open stream cut, the page hears nothing more: the skeleton stays while axe reads it.
    await context.setOffline(true);
    await page.evaluate(() => window.stop());
    await expect(page.locator("[data-stream-status=reconnecting]")).toBeVisible();
    await expectAxeCleanInBothSchemes(page);
    await expect(skeleton).toBeVisible();
  });
});

test("the chat works at phone width", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await startChatFromHome(page, "Where should we go next?");
  await page.getByRole("button", { name: /Demo/ }).click();
  await expect(page.getByText(/Answered “Demo”/)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
