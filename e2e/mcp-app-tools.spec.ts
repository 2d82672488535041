import { expect, test, type Page } from "@playwright/test";
import {
  axeViolations,
  chatIdOf,
  deployAppView,
  replyFinished,
  sameOrigin,
  startChatFromHome,
  type ChatBody,
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
 * Calls a tool as the view does, through the page's own route and cookies: the demo view books
 * nothing itself (its choice becomes the person's message), so the side effect is asked for here.
 */
async function callAsView(page: Page, baseURL: string | undefined, args: Record<string, unknown>) {
  const chatId = chatIdOf(page);
  const chat = (await (await page.request.get(`/api/chats/${chatId}?from=0`)).json()) as ChatBody;
  const reply = chat.items.find((item) => item.role === "assistant")!;
  const part = reply.parts.find((each) => each.kind === "mcp-app") as unknown as {
    toolCallId: string;
  };
  const response = await page.request.post(`/api/chats/${chatId}/mcp-app-tool-calls`, {
    headers: sameOrigin(baseURL),
    data: {
      itemId: reply.id,
      toolCallId: part.toolCallId,
      name: "schedule_deployment",
      arguments: args,
    },
  });
  expect(response.status()).toBe(200);
  return chatId;
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

  test("a side effect is drawn under the view, in every tab, and runs only when approved", async ({
    page,
    baseURL,
  }) => {
    await openStarter(page);
    // A second tab of the same visitor, open before the call: it draws the proposal from its event.
    const second = await page.context().newPage();
    await second.goto(page.url());
    await replyFinished(second);
    const chatId = await callAsView(page, baseURL, {
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

  test("a rejected side effect is drawn as not run, and never runs", async ({ page, baseURL }) => {
    await openStarter(page);
    const chatId = await callAsView(page, baseURL, {
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
      baseURL,
    }) => {
      await page.emulateMedia({ colorScheme });
      await openStarter(page);
      await callAsView(page, baseURL, { service: "checkout", windowId: "2026-12-09T13" });
      await expect(
        page.getByRole("region", { name: "Schedule checkout for 2026-12-09T13?" }),
      ).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
