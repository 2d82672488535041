import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { withSession } from "../scripts/db/session";
import { testDatabaseUrl } from "../scripts/env";
import { axeViolations, chatIdOf, replyFinished, runSql, startChatFromHome } from "./support";

const DAY_MS = 86_400_000;
// Tokyo keeps no summer time: its midnight is 15:00 UTC the day before, all year.
const TOKYO_MS = 9 * 3_600_000;

/** Chats of the page's visitor, each with one message, last active at the given times. */
async function seedChats(
  visitorId: string,
  chats: { title: string; text: string; at: number }[],
): Promise<void> {
  for (const { title, text, at } of chats) {
    const chatId = randomUUID();
    await runSql(
      `INSERT INTO "Chat" ("id", "visitorId", "title", "lastPosition", "updatedAt") VALUES ($1, $2, $3, 1, $4)`,
      [chatId, visitorId, title, new Date(at)],
    );
    await runSql(
      `INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "completedAt") VALUES ($1, $2, 1, 'user', 'complete', $3, $4, now())`,
      [randomUUID(), chatId, text, [{ kind: "text", text }]],
    );
  }
}

/** Starts a chat so the page has a visitor, and returns that visitor's id. */
async function visitorOfPage(page: Page): Promise<string> {
  await startChatFromHome(page, "Where should we go next?");
  await replyFinished(page);
  const [chat] = await withSession(testDatabaseUrl(), (sql) =>
    sql.unsafe<{ visitorId: string }[]>(`SELECT "visitorId" FROM "Chat" WHERE "id" = $1`, [
      chatIdOf(page),
    ]),
  );
  return chat!.visitorId;
}

// Each test starts a chat and waits for its reply, then loads pages or scans them with axe twice:
// more than the default on a busy machine.
test.describe.configure({ timeout: 60_000 });

const chatList = (page: Page) => page.getByRole("complementary", { name: "Chat list" });

test.describe("the chat list", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("groups chats by last activity in the reader's zone, the same before and after hydration", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const visitorId = await visitorOfPage(page);
    const tokyoMidnight = Math.floor((Date.now() + TOKYO_MS) / DAY_MS) * DAY_MS - TOKYO_MS;
    await seedChats(visitorId, [
      { title: "Late yesterday", text: "a note", at: tokyoMidnight - 3_600_000 },
      { title: "Earlier this week", text: "a note", at: tokyoMidnight - 3.5 * DAY_MS },
      { title: "Last month", text: "a note", at: tokyoMidnight - 30 * DAY_MS },
    ]);
    // The first load may draw UTC, then Tokyo once hydrated; the reload is drawn in Tokyo by the server.
    for (let load = 0; load < 2; load++) {
      await page.reload();
      const list = chatList(page);
      const group = (name: string) => list.getByRole("region", { name });
      await expect(
        group("Today").getByRole("link", { name: "Where should we go next?" }),
      ).toBeVisible();
      // Each link ends with when its chat moved, counted in the same zone as its group.
      await expect(group("Yesterday").getByRole("link")).toHaveText([/^Late yesterday/]);
      await expect(group("Yesterday").locator("time")).toHaveText(["Yesterday"]);
      await expect(group("Previous 7 days").getByRole("link")).toHaveText([/^Earlier this week/]);
      await expect(group("Older").getByRole("link")).toHaveText([/^Last month/]);
      await expect(list.getByRole("heading")).toHaveText([
        "Today",
        "Yesterday",
        "Previous 7 days",
        "Older",
      ]);
    }
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
  });
});

test.describe("searching chats", () => {
  test("with the keyboard only: type, move with the arrows, open with Enter, clear with Escape", async ({
    page,
  }) => {
    const visitorId = await visitorOfPage(page);
    const now = Date.now();
    await seedChats(visitorId, [
      { title: "Field trip", text: "We saw a quokka on the island.", at: now - 60_000 },
      { title: "Quokka facts", text: "Small marsupials.", at: now - 2 * DAY_MS },
      { title: "Groceries", text: "Milk and bread.", at: now - 120_000 },
    ]);
    await page.goto("/");
    const box = chatList(page).getByRole("combobox", { name: "Search chats" });
    for (
      let presses = 0;
      presses < 10 && !(await box.evaluate((element) => element === document.activeElement));
      presses++
    )
      await page.keyboard.press("Tab");
    await expect(box).toBeFocused();

    await page.keyboard.type("quok");
    const results = chatList(page).getByRole("listbox", { name: "Chats found" });
    // A title match comes first, then the rest by last activity.
    await expect(results.getByRole("option")).toHaveText([
      /^Quokka facts/,
      /^Field trip.*We saw a quokka on the island/,
    ]);
    await expect(chatList(page).getByRole("status")).toHaveText("2 chats found.");
    await expect(results.locator("mark")).toHaveText(["quokka"]);

    await page.keyboard.press("ArrowDown");
    await expect(results.getByRole("option", { selected: true })).toHaveText(/^Quokka facts/);
    await page.keyboard.press("ArrowDown");
    await expect(results.getByRole("option", { selected: true })).toHaveText(/^Field trip/);
    await expect(box).toHaveAttribute(
      "aria-activedescendant",
      (await results.getByRole("option", { selected: true }).getAttribute("id"))!,
    );
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Field trip" })).toBeVisible();

    // The search stays in the box after opening a chat; Escape clears it.
    await box.focus();
    await expect(box).toHaveValue("quok");
    await page.keyboard.press("Escape");
    await expect(box).toHaveValue("");
    await page.keyboard.type("no such thing here");
    const empty = chatList(page).getByText("No chats match “no such thing here”.");
    await expect(empty.and(chatList(page).locator(":not([role=status])"))).toBeVisible();
    await expect(chatList(page).getByRole("status")).toHaveText(
      "No chats match “no such thing here”.",
    );
    await page.keyboard.press("Escape");
    await expect(box).toHaveValue("");
    await expect(
      chatList(page)
        .getByRole("navigation", { name: "Chats" })
        .getByRole("link", { name: "Groceries" }),
    ).toBeVisible();
  });

  test("finds an address and a block's word said in starter chats, with a clean snippet, in light and dark", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The email starter, approved: its reply says "Done: the email went to **ada@example.com** (message `msg-1`)."
    await startChatFromHome(page, "Email the release notes");
    await replyFinished(page);
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText(/Done: the email went to/)).toBeVisible({ timeout: 30_000 });
    await replyFinished(page);
    // The release checklist, released: the rollout plan's block watches "the canary dashboards".
    await startChatFromHome(page, "Walk me through a release checklist");
    await replyFinished(page);
    const checklist = page.getByRole("region", { name: "Interactive block" }).first();
    await checklist.getByRole("checkbox", { name: "Docs updated" }).check();
    await checklist.getByRole("button", { name: "Release to staging" }).click();
    await expect(page.getByText("Rollout plan for staging", { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await replyFinished(page);

    const box = chatList(page).getByRole("combobox", { name: "Search chats" });
    const results = chatList(page).getByRole("listbox", { name: "Chats found" });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await box.fill("ada@example.com");
      await expect(results.getByRole("option")).toHaveCount(1);
      const mail = results.getByRole("option", { name: /^Email the release notes/ });
      await expect(mail).toContainText(
        /Done: the email went to ada@example\.com \(message msg-[\w-]+\)\. Anything else\?/,
      );
      await expect(mail).not.toContainText("**");
      await expect(mail).not.toContainText("`");
      await expect(mail.locator("mark")).toHaveText(["ada@example.com"]);
      expect(await axeViolations(page)).toEqual([]);

      await box.fill("canary");
      await expect(results.getByRole("option")).toHaveCount(1);
      const plan = results.getByRole("option", { name: /^Walk me through a release checklist/ });
      await expect(plan).toContainText("Canary at 5%");
      await expect(plan.locator("mark").first()).toHaveText(/^canary$/i);
      await expect(plan).not.toContainText("<");
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  for (const colorScheme of ["light", "dark"] as const) {
    for (const phone of [false, true]) {
      test(`groups and results are accessible, ${colorScheme}, ${phone ? "phone" : "desktop"}`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme });
        if (phone) await page.setViewportSize({ width: 375, height: 740 });
        const visitorId = await visitorOfPage(page);
        await seedChats(visitorId, [
          {
            title: "Older plans",
            text: "The wombat migration report.",
            at: Date.now() - 40 * DAY_MS,
          },
        ]);
        await page.reload();
        let list = chatList(page);
        if (phone) {
          await page.getByRole("button", { name: "Open the chat list" }).click();
          list = page.getByRole("dialog", { name: "Chat list" });
        }
        await expect(list.getByRole("heading", { name: "Older" })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        await list.getByRole("combobox", { name: "Search chats" }).fill("wombat");
        await expect(list.getByRole("option")).toHaveText([/^Older plans/]);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  }
});
