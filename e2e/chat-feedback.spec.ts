import { expect, test, type Page, type Route } from "@playwright/test";
import { expectAxeCleanInBothSchemes } from "./every-look";
import {
  chatIdOf,
  createChat,
  openChatAction,
  sameOrigin,
  startChatFromHome,
  type ChatBody,
} from "./support";

const SLOW_STORY = "Tell me a long story, slowly";

/** Holds the requests `matches` picks until the returned function is called, then lets them through. */
async function holdRequests(
  page: Page,
  url: string,
  matches: (route: Route) => boolean,
): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (matches(route)) await held;
    await route.continue();
  });
  return release;
}

async function slowReplyStreaming(page: Page) {
  await startChatFromHome(page, SLOW_STORY);
  const reply = page.getByRole("article", { name: "Agent" }).first();
  await expect(
    reply.getByRole("heading", { name: "The lighthouse keeper's ledger" }),
  ).toBeVisible();
  return reply;
}

test.describe("what the page answers at once", () => {
  test.describe.configure({ timeout: 60_000 });

  test("focus comes back to the composer when a reply stopped from the keyboard ends", async ({
    page,
  }) => {
    const reply = await slowReplyStreaming(page);
    await page.getByRole("button", { name: "Stop" }).focus();
    await page.keyboard.press("Enter");
    await expect(reply).toHaveAttribute("data-status", "stopped");
    await expect(page.getByRole("textbox", { name: "Message" })).toBeFocused();
  });

  test("focus the person took to the search stays there when the reply ends", async ({
    page,
    baseURL,
  }) => {
    const reply = await slowReplyStreaming(page);
    const search = page.getByRole("combobox", { name: "Search chats" });
    await search.focus();
    const stopped = await page.request.post(`/api/chats/${chatIdOf(page)}/turns/stop`, {
      headers: sameOrigin(baseURL),
      data: {},
    });
    expect(stopped.status()).toBe(202);
    await expect(reply).toHaveAttribute("data-status", "stopped");
    await expect(search).toBeFocused();
  });

  test("a rename closes at once with the new title; a refused one opens again on what was typed and says why", async ({
    page,
    baseURL,
  }) => {
    const kept = await createChat(page.request, baseURL);
    const gone = await createChat(page.request, baseURL);
    for (const [chatId, title] of [
      [kept, "Draft"],
      [gone, "Soon gone"],
    ] as const)
      await page.request.patch(`/api/chats/${chatId}`, {
        headers: sameOrigin(baseURL),
        data: { title },
      });
    // The server's answer waits until the test has seen the row: nothing here depends on its speed.
    const release = await holdRequests(
      page,
      `**/api/chats/${kept}`,
      (route) => route.request().method() === "PATCH",
    );
    await page.goto("/");
    const list = page.getByRole("navigation", { name: "Chats" });
    await list.getByRole("link", { name: "Draft" }).hover();
    await list.getByRole("button", { name: "Rename “Draft”" }).click();
    await list.getByRole("textbox", { name: "Chat title" }).fill("Launch plan");
    await page.keyboard.press("Enter");
    await expect(list.getByRole("textbox", { name: "Chat title" })).toHaveCount(0);
    await expect(list.getByRole("link", { name: "Launch plan" })).toBeVisible();
    await expect(list.getByRole("link", { name: "Launch plan" })).toBeFocused();
    const saved = page.waitForResponse(
      (response) => response.request().method() === "PATCH" && response.url().endsWith(kept),
    );
    release();
    expect((await saved).status()).toBe(200);

    // Deleted meanwhile (another device, say): the server refuses, and the row says so, its form
    // open again on what was typed.
    expect(
      (await page.request.delete(`/api/chats/${gone}`, { headers: sameOrigin(baseURL) })).status(),
    ).toBe(200);
    await list.getByRole("link", { name: "Soon gone" }).hover();
    await list.getByRole("button", { name: "Rename “Soon gone”" }).click();
    await list.getByRole("textbox", { name: "Chat title" }).fill("Renamed too late");
    await page.keyboard.press("Enter");
    await expect(list.getByRole("alert")).toHaveText(
      "The chat was not renamed. This chat no longer exists. Start a new chat from the list.",
    );
    await expect(list.getByRole("link", { name: "Renamed too late" })).toHaveCount(0);
    await expect(list.getByRole("textbox", { name: "Chat title" })).toHaveValue("Renamed too late");
    await expectAxeCleanInBothSchemes(page, "after a refused rename");
    // Given up, the row is the old title again.
    await list.getByRole("button", { name: "Cancel" }).click();
    await expect(list.getByRole("link", { name: "Soon gone" })).toBeVisible();
    await page.reload();
    await expect(list.getByRole("link", { name: "Launch plan" })).toBeVisible();
  });

  test("Data access shows what there is to grant at once, before the chat's grants are read", async ({
    page,
    baseURL,
  }) => {
    const chatId = await createChat(page.request, baseURL);
    const release = await holdRequests(
      page,
      `**/api/chats/${chatId}/grants`,
      (route) => route.request().method() === "GET",
    );
    await page.goto(`/chats/${chatId}`);
    await openChatAction(page, "Data access");
    const panel = page.getByRole("group", { name: "Data access" });
    await expect(panel.getByRole("status")).toHaveText("Reading this chat’s data access…");
    await expect(panel.getByText("Read this project's CI runs")).toBeVisible();
    await expectAxeCleanInBothSchemes(page, "while data access is read");
    release();
    const ci = panel.getByRole("switch", { name: "Read this project's CI runs" });
    await expect(ci).toHaveAttribute("aria-checked", "true");
    await expect(panel.getByRole("status")).toHaveCount(0);
  });

  test("after a reload mid-reply, Stop ends the reply with the text shown when it was acknowledged", async ({
    page,
  }) => {
    const reply = await slowReplyStreaming(page);
    await page.reload();
    const stop = page.getByRole("button", { name: "Stop" });
    await expect(stop).toBeEnabled();
    const body = reply.locator(":scope > div").first();
    // Text still arrives after the reload, from the process writing the reply.
    const before = (await body.textContent())!.length;
    await expect.poll(async () => (await body.textContent())!.length).toBeGreaterThan(before);
    const acknowledged = page.waitForResponse((response) => response.url().endsWith("/turns/stop"));
    await stop.click();
    expect((await acknowledged).status()).toBe(202);
    const shown = await body.textContent();
    // Acknowledged means ended: the stored reply is stopped, and nothing more will be written to it.
    const read = await page.request.get(`/api/chats/${chatIdOf(page)}?from=0`);
    const stored = (await read.json()) as ChatBody;
    expect(stored.running).toBe(false);
    const last = stored.items.findLast((item) => item.role === "assistant")!;
    expect(last.status).toBe("stopped");
    await expect(reply).toHaveAttribute("data-status", "stopped");
    await expect(page.getByRole("button", { name: /Stop/ })).toHaveCount(0);
    expect(await body.textContent()).toBe(shown);
  });
});
