import { expect, test } from "@playwright/test";
import { startChatFromHome } from "./support";

test.describe("live blocks", () => {
  test.describe.configure({ timeout: 60_000 });

  test("the build triage draws its frozen reading at once, reads again when the branch switches, and is answered on issued data", async ({ page }) => {
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

    const read = page.waitForResponse((response) => response.url().includes("/ui-queries") && response.request().method() === "POST");
    await block.locator("label", { hasText: "dev" }).click();
    const reading = (await (await read).json()) as { reading: { state: string; value: { failing: number; failedJobs: string[] } } };
    expect(reading.reading.state).toBe("fresh");
    await expect(block.getByText(/^CI on dev/)).toBeVisible();
    await expect(block.getByText(`${reading.reading.value.failing} failing`)).toBeVisible();
    const summarise = block.getByRole("button", { name: "Summarise for the team" });
    await expect(summarise).toBeEnabled();
    await summarise.click();
    await expect(block.getByText(/Answered: Summarise for the team · .+/)).toBeVisible();
    // The agent's reply quotes the data the server issued for dev.
    await expect(page.getByText(`has ${reading.reading.value.failing} of 4 jobs failing`)).toBeVisible();
  });

  test("choices are closed, and say why, while a changed input has not been read", async ({ page }) => {
    await startChatFromHome(page, "Triage the failing build");
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute("data-status", "complete");
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

  test("a failed read keeps the last good value on screen, says why, and keeps choices closed", async ({ page }) => {
    await startChatFromHome(page, "Triage the failing build");
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute("data-status", "complete");
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
    await expect(block.getByText("The latest data could not be read: The source did not answer within 8 s.")).toBeVisible();
    // The table still shows the last good reading (main's), and no choice can rest on it for dev.
    await expect(block.getByRole("row", { name: /lint/ })).toHaveText(lintTime ?? "");
    await expect(block.getByText(/could not be read for these inputs/)).toBeVisible();
    await expect(block.getByRole("button", { name: "Summarise for the team" })).toBeDisabled();
  });

  test("a pick the server refuses as stale reads the data again at once, and the person picks again on the new reading", async ({ page }) => {
    await startChatFromHome(page, "Triage the failing build");
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute("data-status", "complete");
    const block = page.getByRole("region", { name: "Interactive block" }).first();
    // The first pick presents a read id the server never issued: the real server refuses it as stale.
    let picks = 0;
    await page.route("**/ui-choices", async (route) => {
      picks++;
      const body = route.request().postDataJSON() as { reads: Record<string, string> };
      if (picks > 1) return route.continue();
      return route.continue({ postData: JSON.stringify({ ...body, reads: { $runs: "00000000-0000-4000-8000-000000000000" } }) });
    });
    const reread = page.waitForResponse((response) => response.url().includes("/ui-queries") && response.request().method() === "POST");
    const summarise = block.getByRole("button", { name: "Summarise for the team" });
    await summarise.click();
    await expect(block.getByText("The live data changed since it was read.", { exact: false })).toBeVisible();
    const reading = (await (await reread).json()) as { reading: { readId: string; value: { failing: number } } };
    await expect(summarise).toBeEnabled();
    const sent = page.waitForRequest((request) => request.url().includes("/ui-choices"));
    await summarise.click();
    expect((await sent).postDataJSON()).toMatchObject({ reads: { $runs: reading.reading.readId } });
    await expect(block.getByText(/Answered: Summarise for the team · .+/)).toBeVisible();
    await expect(page.getByText(`has ${reading.reading.value.failing} of 4 jobs failing`)).toBeVisible();
  });

  test("a visible live block reads again once every 10 s of the page's clock", async ({ page }) => {
    await page.clock.install();
    await startChatFromHome(page, "Triage the failing build");
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute("data-status", "complete");
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
