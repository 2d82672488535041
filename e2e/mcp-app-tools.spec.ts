import { expect, test, type Page } from "@playwright/test";
import {
  axeViolations,
  chatIdOf,
  deployAppView,
  replyFinished,
  startChatFromHome,
} from "./support";
import { withSession } from "../scripts/db/session";
import { testDatabaseUrl } from "../scripts/env";

// An MCP App view calling its server's tools through the host: a read runs at once, inside the
// view; a side effect is drawn under the view for approval and runs only when approved.

const view = deployAppView;

async function openStarter(page: Page) {
  await startChatFromHome(page, "Choose a deployment window");
  await replyFinished(page);
  await expect(
    view(page).getByRole("group", { name: /Free windows, week of 2026-12-07/ }),
  ).toBeVisible();
}

/**
 * Calls `schedule_deployment` from inside the view, as its script would: a JSON-RPC `tools/call`
 * through the sandbox proxy to the page's bridge, the host's route and back. (The demo view books
 * nothing itself: its choice becomes the person's message.) The view is told approval is asked,
 * and never given the proposal's handle, which approves it.
 */
async function callAsView(page: Page, args: Record<string, unknown>) {
  const answer = await page.frame({ url: "about:srcdoc" })!.evaluate(
    (params) =>
      new Promise<{ result?: { isError?: boolean; structuredContent?: unknown } }>((resolve) => {
        const id = 90_100;
        addEventListener("message", (event) => {
          if (event.data?.id === id) resolve(event.data);
        });
        parent.postMessage({ jsonrpc: "2.0", id, method: "tools/call", params }, "*");
      }),
    { name: "schedule_deployment", arguments: args },
  );
  expect(answer.result?.isError).toBeFalsy();
  expect(answer.result?.structuredContent).toMatchObject({
    confirmation: { status: "pending", expiresAt: expect.any(String) },
  });
  expect(JSON.stringify(answer)).not.toContain("token");
  return chatIdOf(page);
}

async function statuses(chatId: string): Promise<string[]> {
  const rows = await withSession(testDatabaseUrl(), (sql) =>
    sql.unsafe(`SELECT "status"::text FROM "ActionConfirmation" WHERE "chatId" = $1`, [chatId]),
  );
  return rows.map((row) => (row as unknown as { status: string }).status);
}

test.describe("an MCP App view's tools/call", () => {
  test("Next week in the view loads another week through the host", async ({ page }) => {
    await openStarter(page);
    await view(page).getByRole("button", { name: "Next week" }).click();
    await expect(
      view(page).getByRole("group", { name: /Free windows, week of 2026-12-14/ }),
    ).toBeVisible();
    await view(page).getByRole("button", { name: "Previous week" }).click();
    await expect(
      view(page).getByRole("group", { name: /Free windows, week of 2026-12-07/ }),
    ).toBeVisible();
  });

  test("a side effect the view asks for is drawn under it, in every tab, and runs only when approved", async ({
    page,
  }) => {
    await openStarter(page);
    // A second tab of the same visitor, open before the call: it draws the proposal from its event.
    const second = await page.context().newPage();
    await second.goto(page.url());
    await replyFinished(second);
    const chatId = await callAsView(page, {
      service: "checkout",
      windowId: "2026-12-08T13",
    });
    const card = page.getByRole("region", { name: "Schedule checkout for 2026-12-08T13?" });
    await expect(card).toBeVisible();
    await expect(
      second.getByRole("region", { name: "Schedule checkout for 2026-12-08T13?" }),
    ).toBeVisible();
    await expect(card).toContainText("Nothing runs until you approve.");
    expect(await statuses(chatId)).toEqual(["pending"]);
    await card.getByRole("button", { name: "Approve" }).click();
    const done = page.getByRole("region", {
      name: "Deployment of checkout scheduled for 2026-12-08T13",
    });
    await expect(done).toBeVisible();
    await expect(done).toContainText("dep-checkout-2026-12-08T13");
    expect(await statuses(chatId)).toEqual(["approved"]);
  });

  test("a rejected side effect is drawn as not run, and never runs", async ({ page }) => {
    await openStarter(page);
    const chatId = await callAsView(page, {
      service: "checkout",
      windowId: "2026-12-08T16",
    });
    const card = page.getByRole("region", { name: "Schedule checkout for 2026-12-08T16?" });
    await card.getByRole("button", { name: "Reject" }).click();
    await expect(
      page.getByRole("region", {
        name: "Deployment of checkout not scheduled: you rejected it",
      }),
    ).toBeVisible();
    const rows = await withSession(testDatabaseUrl(), (sql) =>
      sql.unsafe(`SELECT "outcome" FROM "ActionConfirmation" WHERE "chatId" = $1`, [chatId]),
    );
    expect(rows).toEqual([{ outcome: { kind: "rejected", reason: null } }]);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`the view with a pending proposal has no axe violations, ${colorScheme}`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await openStarter(page);
      await callAsView(page, { service: "checkout", windowId: "2026-12-09T13" });
      await expect(
        page.getByRole("region", { name: "Schedule checkout for 2026-12-09T13?" }),
      ).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
