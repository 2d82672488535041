import { expect, test, type Page } from "@playwright/test";
import { WINDOW_MS } from "../lib/live-sources/demo";
import { expectAxeCleanInBothSchemes } from "./every-look";
import { chatIdOf, replyFinished, runSql, sameOrigin, startChatFromHome } from "./support";

type Reading = {
  readId: string;
  args: unknown;
  readAt: string;
  value: { window: number; failing: number };
};

const triageBlock = (page: Page) => page.getByRole("region", { name: "Interactive block" }).first();
const isRead = (response: { url(): string; request(): { method(): string } }) =>
  response.url().includes("/ui-queries") && response.request().method() === "POST";

test.describe("live blocks", () => {
  test.describe.configure({ timeout: 60_000 });

  test("the build triage draws its frozen reading at once, reads again when the branch switches, and is answered on issued data", async ({
    page,
  }) => {
    const queries: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/ui-queries")) queries.push(request.url());
    });
    await startChatFromHome(page, "Triage the failing build");
    const reply = page.getByRole("article", { name: "Agent" }).first();
    await expect(reply).toHaveAttribute("data-status", "complete");
    const block = page.getByRole("region", { name: "Interactive block" }).first();
    await expect(block.getByRole("cell", { name: "lint" })).toBeVisible();

    // A reload draws the frozen first reading at once, before any read is asked for.
    queries.length = 0;
    await page.reload();
    await expect(block.getByText(/^CI on main/)).toBeVisible();
    await expect(block.getByRole("cell", { name: "lint" })).toBeVisible();
    expect(queries).toEqual([]);

    const read = page.waitForResponse(
      (response) =>
        response.url().includes("/ui-queries") && response.request().method() === "POST",
    );
    await block.locator("label", { hasText: "dev" }).click();
    const reading = (await (await read).json()) as {
      reading: { state: string; value: { failing: number; failedJobs: string[] } };
    };
    expect(reading.reading.state).toBe("fresh");
    await expect(block.getByText(/^CI on dev/)).toBeVisible();
    await expect(block.getByText(`${reading.reading.value.failing} failing`)).toBeVisible();
    const summarise = block.getByRole("button", { name: "Summarise for the team" });
    await expect(summarise).toBeEnabled();
    await summarise.click();
    await expect(block.getByText(/Answered: Summarise for the team · .+/)).toBeVisible();
    // The agent's reply quotes the data the server issued for dev.
    await expect(
      page.getByText(`has ${reading.reading.value.failing} of 4 jobs failing`),
    ).toBeVisible();
  });

  test("choices are closed, and say why, while a changed input has not been read", async ({
    page,
  }) => {
    await startChatFromHome(page, "Triage the failing build");
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
      "data-status",
      "complete",
    );
    const block = page.getByRole("region", { name: "Interactive block" }).first();
    // Hold the read back so the page is caught between the change and its data.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/ui-queries", async (route) => {
      await held;
      await route.continue();
    });
    await block.locator("label", { hasText: "release" }).click();
    await expect(block.getByText(/choices open when/)).toBeVisible();
    await expect(block.getByRole("button", { name: "Summarise for the team" })).toBeDisabled();
    release();
    await expect(block.getByText(/^CI on release/)).toBeVisible();
    await expect(block.getByRole("button", { name: "Summarise for the team" })).toBeEnabled();
  });

  test("a failed read keeps the last good value on screen, says why, and keeps choices closed", async ({
    page,
  }) => {
    await startChatFromHome(page, "Triage the failing build");
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
      "data-status",
      "complete",
    );
    const block = page.getByRole("region", { name: "Interactive block" }).first();
    const lintTime = await block.getByRole("row", { name: /lint/ }).textContent();
    await page.route("**/ui-queries", (route) => {
      const body = route.request().postDataJSON() as { values: unknown; query: string };
      return route.fulfill({
        json: {
          reading: {
            readId: null,
            query: body.query,
            state: "failed",
            args: { branch: "dev" },
            value: null,
            readAt: new Date().toISOString(),
            reason: { code: "timed-out", message: "The source did not answer within 8 s." },
            frozen: false,
          },
        },
      });
    });
    await block.locator("label", { hasText: "dev" }).click();
    await expect(
      block.getByText("The latest data could not be read: The source did not answer within 8 s."),
    ).toBeVisible();
    // The table still shows the last good reading (main's), and no choice can rest on it for dev.
    await expect(block.getByRole("row", { name: /lint/ })).toHaveText(lintTime ?? "");
    await expect(block.getByText(/could not be read for these inputs/)).toBeVisible();
    await expect(block.getByRole("button", { name: "Summarise for the team" })).toBeDisabled();
  });

  test("a pick the server refuses as stale reads the data again at once, and the person picks again on the new reading", async ({
    page,
  }) => {
    await startChatFromHome(page, "Triage the failing build");
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
      "data-status",
      "complete",
    );
    const block = page.getByRole("region", { name: "Interactive block" }).first();
    // The first pick presents a read id the server never issued: the real server refuses it as stale.
    let picks = 0;
    await page.route("**/ui-choices", async (route) => {
      picks++;
      const body = route.request().postDataJSON() as { reads: Record<string, string> };
      if (picks > 1) return route.continue();
      return route.continue({
        postData: JSON.stringify({
          ...body,
          reads: { $runs: "00000000-0000-4000-8000-000000000000" },
        }),
      });
    });
    const reread = page.waitForResponse(
      (response) =>
        response.url().includes("/ui-queries") && response.request().method() === "POST",
    );
    const summarise = block.getByRole("button", { name: "Summarise for the team" });
    await summarise.click();
    await expect(
      block.getByText("The live data changed since it was read.", { exact: false }),
    ).toBeVisible();
    const reading = (await (await reread).json()) as {
      reading: { readId: string; value: { failing: number } };
    };
    await expect(summarise).toBeEnabled();
    const sent = page.waitForRequest((request) => request.url().includes("/ui-choices"));
    await summarise.click();
    expect((await sent).postDataJSON()).toMatchObject({ reads: { $runs: reading.reading.readId } });
    await expect(block.getByText(/Answered: Summarise for the team · .+/)).toBeVisible();
    await expect(
      page.getByText(`has ${reading.reading.value.failing} of 4 jobs failing`),
    ).toBeVisible();
  });

  test("a visible live block reads again once every 10 s of the page's clock", async ({ page }) => {
    await page.clock.install();
    await startChatFromHome(page, "Triage the failing build");
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
      "data-status",
      "complete",
    );
    const block = page.getByRole("region", { name: "Interactive block" }).first();
    await expect(block.getByRole("cell", { name: "lint" })).toBeVisible();
    // From here the page's time moves only as the test runs it: each 10 s holds one read, and no more.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    const queries: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/ui-queries")) queries.push(request.url());
    });
    for (const reads of [1, 2]) {
      const read = page.waitForResponse((response) => response.url().includes("/ui-queries"));
      await page.clock.runFor(10_000);
      expect((await read).status()).toBe(200);
      expect(queries).toHaveLength(reads);
    }
  });
});

test.describe("a live block opened again later", () => {
  // Two axe passes, on a machine other runs share.
  test.describe.configure({ timeout: 90_000 });

  test("says its data may be out of date instead of live, and Read again brings a fresh reading the server issued", async ({
    page,
  }) => {
    await startChatFromHome(page, "Triage the failing build");
    await replyFinished(page);
    // Every reading of the chat is aged where the server keeps it, as a chat opened 13 minutes later finds it.
    await runSql(
      `UPDATE "UiReading" SET "readAt" = "readAt" - interval '13 minutes', "startedAt" = "startedAt" - interval '13 minutes' WHERE "itemId" IN (SELECT "id" FROM "Item" WHERE "chatId" = $1)`,
      [chatIdOf(page)],
    );
    // Until the person asks, the block's reads on its 10-second schedule do not reach the server (the
    // page keeps what it shows), so only the click can bring fresh data.
    let asked = false;
    await page.route("**/ui-queries", (route) => (asked ? route.continue() : route.abort()));
    const markup = await (await page.reload())!.text();
    expect(markup).toMatch(/Data from <time [^>]*>13 minutes ago<\/time> — may be out of date\./);
    const block = triageBlock(page);
    const readAgain = block.getByRole("button", { name: "Read again" });
    await expect(readAgain).toBeEnabled();
    await expect(block.getByText("Data from 13 minutes ago — may be out of date.")).toBeVisible();
    await expect(block.getByText(/Live data/)).toHaveCount(0);
    await expectAxeCleanInBothSchemes(page, "with data out of date");

    asked = true;
    const read = page.waitForResponse(isRead);
    await readAgain.click();
    const response = await read;
    expect(response.status()).toBe(200);
    const { reading } = (await response.json()) as { reading: Reading & { state: string } };
    expect(reading.state).toBe("fresh");
    await expect(block.getByText("Live data, read now.")).toBeVisible();
    await expect(
      block.getByText(`${reading.value.failing} failing`, { exact: true }),
    ).toBeVisible();
    await expect(readAgain).toHaveCount(0);
    // A pick rests on the reading just issued.
    const sent = page.waitForRequest((request) => request.url().includes("/ui-choices"));
    await block.getByRole("button", { name: "Summarise for the team" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ reads: { $runs: reading.readId } });
    await expect(block.getByText(/Answered: Summarise for the team · .+/)).toBeVisible();
  });
});

test.describe("an answered live block", () => {
  test.describe.configure({ timeout: 120_000 });
  // A zone far from the server's UTC: the time is drawn in the reader's, by the server too.
  const zone = "Asia/Kolkata";
  test.use({ timezoneId: zone });

  test("draws the branch and the data its answer quoted: after a reload, in a second tab, live in another, and once the source moved on", async ({
    page,
    context,
    baseURL,
  }) => {
    const reads: string[] = [];
    context.on("request", (request) => {
      if (request.url().includes("/ui-queries")) reads.push(request.url());
    });
    await startChatFromHome(page, "Triage the failing build");
    await replyFinished(page);
    const chatUrl = page.url();
    // A tab that stays open: it hears the answer over the chat's stream.
    const watcher = await context.newPage();
    await watcher.goto(chatUrl);
    await expect(triageBlock(watcher).getByText(/^CI on main/)).toBeVisible();

    const block = triageBlock(page);
    const read = page.waitForResponse(isRead);
    await block.locator("label", { hasText: "dev" }).click();
    const { reading } = (await (await read).json()) as { reading: Reading };
    await expect(block.getByText(/^CI on dev/)).toBeVisible();
    await expect(
      block.getByText(`${reading.value.failing} failing`, { exact: true }),
    ).toBeVisible();
    const table = await block.getByRole("table").innerText();
    const chose = page.waitForResponse((response) => response.url().includes("/ui-choices"));
    await block.getByRole("button", { name: "Summarise for the team" }).click();
    const { answer } = (await (await chose).json()) as {
      answer: { itemId: string; blockId: string; revision: number; readings: unknown };
    };
    await expect(page.getByText(`has ${reading.value.failing} of 4 jobs failing`)).toBeVisible();

    const readAt = new Intl.DateTimeFormat("en-GB", {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: zone,
    }).format(Date.parse(reading.readAt));
    // The data first, then the line saying when it was read.
    const drawsAnswer = async (view: Page) => {
      const shown = triageBlock(view);
      await expect(shown.getByText(/^Answered: Summarise for the team/)).toBeVisible();
      await expect(shown.getByText(/^CI on dev/)).toBeVisible();
      await expect.poll(() => shown.getByRole("table").innerText()).toBe(table);
      await expect(
        shown.getByText(`${reading.value.failing} failing`, { exact: true }),
      ).toBeVisible();
      await expect(shown.getByText(`Data as answered, read ${readAt}.`)).toBeVisible();
      await expect(shown.getByText(/Live data/)).toHaveCount(0);
    };
    // The other tab hears the answer and draws its data; so does a reload of this one.
    await drawsAnswer(watcher);
    await page.reload();
    await drawsAnswer(page);
    // The answer quotes the reading the pick presented, as the server stored it.
    expect(answer.readings).toEqual({
      $runs: {
        readId: reading.readId,
        args: { branch: "dev" },
        value: reading.value,
        readAt: reading.readAt,
      },
    });
    reads.length = 0;
    const second = await context.newPage();
    await second.goto(chatUrl);
    await drawsAnswer(second);
    // The server draws the same time, in the zone the browser reported.
    const html = await (await page.request.get(chatUrl)).text();
    expect(html).toMatch(
      new RegExp(`Data as answered, read (<!-- -->)?<time[^>]*>${readAt}</time>`),
    );

    // An answered block is read no more, by the server either.
    const target = {
      itemId: answer.itemId,
      blockId: answer.blockId,
      revision: answer.revision,
      query: "$runs",
      values: { $branch: "dev" },
    };
    const refused = await page.request.post(
      `${chatUrl.replace("/chats/", "/api/chats/")}/ui-queries`,
      { headers: sameOrigin(baseURL), data: target },
    );
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "block-answered" });
    // The source moves on (its data is a function of the 10-second window); the answered block does not.
    await expect
      .poll(() => Math.floor(Date.now() / WINDOW_MS), { timeout: 20_000, intervals: [500] })
      .not.toBe(reading.value.window);
    for (const view of [page, watcher, second]) {
      await view.reload();
      await drawsAnswer(view);
    }
    // No page read anything for the answered block, though each was open past its 10 s refresh.
    expect(reads).toEqual([]);
  });
});

test.describe("a pick on a reply written again in another tab", () => {
  test.describe.configure({ timeout: 60_000 });

  test("says what happened, and the new version keeps the branch the person had chosen", async ({
    page,
    context,
  }) => {
    await startChatFromHome(page, "Triage the failing build");
    await replyFinished(page);
    // This tab stops hearing the chat, so it still draws the first version when the other rewrites it.
    await page.route("**/events**", (route) => route.abort());
    await page.reload();
    const block = triageBlock(page);
    const read = page.waitForResponse(isRead);
    await block.locator("label", { hasText: "dev" }).click();
    await read;
    await expect(block.getByText(/^CI on dev/)).toBeVisible();
    const summarise = block.getByRole("button", { name: "Summarise for the team" });
    await expect(summarise).toBeEnabled();

    const other = await context.newPage();
    await other.goto(page.url());
    await other.getByRole("button", { name: "Regenerate" }).click();
    await expect(other.locator("[data-revision='2']")).toBeVisible();
    await replyFinished(other);

    await summarise.click();
    await expect(
      page.getByText(
        "This reply was written again, in another tab or by another viewer, so your pick was not sent.",
        { exact: false },
      ),
    ).toBeVisible();
    const renewed = page.locator("[data-revision='2']");
    await expect(renewed).toBeVisible();
    await expect(renewed.getByRole("radio", { name: "dev" })).toBeChecked();
    await expect(renewed.getByText(/^CI on dev/)).toBeVisible();
    // The person picks again, on the new version's reading of dev.
    const again = renewed.getByRole("button", { name: "Summarise for the team" });
    await expect(again).toBeEnabled();
    const sent = page.waitForResponse((response) => response.url().includes("/ui-choices"));
    await again.click();
    const response = await sent;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({
      revision: 2,
      values: { $branch: "dev" },
    });
  });
});
