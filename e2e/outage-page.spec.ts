import { expect, test } from "@playwright/test";
import { OUTAGE_SENTENCE } from "../lib/outage-page";
import { serverBehindDoor } from "./database-door";

test("a page in a database outage says so, counts down, and opens by itself once the database is back", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { door, server } = await serverBehindDoor();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  try {
    await door.shut();
    expect((await page.goto(`${server.base}/`))?.status()).toBe(503);
    await expect(page.getByRole("heading", { name: OUTAGE_SENTENCE })).toBeVisible();
    await expect(page.getByText(/^Trying again in [1-4] seconds?…$/)).toBeVisible();
    // Try again asks at once: still out of reach, the same page again.
    const retried = page.waitForResponse((response) => response.request().isNavigationRequest());
    await page.getByRole("button", { name: "Try again" }).click();
    expect((await retried).status()).toBe(503);
    await expect(page.getByRole("heading", { name: OUTAGE_SENTENCE })).toBeVisible();

    await door.open();
    // Nobody touches the page: its countdown reloads it into the home page.
    await expect(page.getByRole("heading", { name: "Start a chat" })).toBeVisible({
      timeout: 20_000,
    });
    expect(violations).toEqual([]);
  } finally {
    await server.stop();
    await door.shut();
  }
});
