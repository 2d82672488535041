import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./support";

// The reference is drawn by a renderer of its own; its chunks and styles load on /docs/api alone.

/** Every script and style the page loaded, by its text. */
function loadedAssets(page: Page): Promise<string>[] {
  const assets: Promise<string>[] = [];
  page.on("response", (response) => {
    if (["script", "stylesheet"].includes(response.request().resourceType()))
      assets.push(response.text());
  });
  return assets;
}

async function drawn(page: Page): Promise<void> {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Answerable API", level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page
      .getByText("Sends a message: answered now, or queued behind the reply being written")
      .first(),
  ).toBeVisible();
}

// The reference's page is long: drawing it and running axe over it takes well past the default 30 s here.
test.describe.configure({ timeout: 180_000 });

/**
 * Three rules are the renderer's own markup, which no option changes: its operation headings skip a
 * level, and it draws a <main> of its own inside the app's (a role on it would break two more rules).
 */
const violations = (page: Page) =>
  axeViolations(page, {
    disable: ["heading-order", "landmark-main-is-top-level", "landmark-no-duplicate-main"],
  });

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`the API reference (${colorScheme})`, () => {
    test.use({ colorScheme });

    test("is drawn from the served document and is accessible on desktop and phone", async ({
      page,
    }) => {
      await drawn(page);
      expect(await violations(page)).toEqual([]);
      await page.setViewportSize({ width: 375, height: 740 });
      expect(await violations(page)).toEqual([]);
    });
  });
}

test("its renderer reaches no other origin and breaks no policy, and the chat page never loads it", async ({
  page,
  baseURL,
}) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== baseURL) foreign.push(request.url());
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const docsAssets = loadedAssets(page);
  await drawn(page);
  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
  expect((await Promise.all(docsAssets)).some((text) => text.includes("scalar-app"))).toBe(true);

  const chatPage = await page.context().newPage();
  const chatAssets = loadedAssets(chatPage);
  await chatPage.goto("/");
  await expect(chatPage.getByRole("list", { name: "Starter prompts" })).toBeVisible();
  expect((await Promise.all(chatAssets)).some((text) => text.includes("scalar-app"))).toBe(false);
});
