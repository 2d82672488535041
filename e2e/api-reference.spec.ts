import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, PHONE } from "./every-look";
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

// The second operation: the renderer draws those near the top first, and the rest as they scroll near.
const NEW_CHAT = /A new chat, with its first message if one is given/;

async function drawn(page: Page): Promise<void> {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Answerable API", level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  // Its operations are drawn after its header, by the same slow first render.
  await expect(page.getByRole("button", { name: NEW_CHAT })).toBeVisible({ timeout: 30_000 });
}

// The reference's page is long: drawing it and running axe over it takes well past the default 30 s here.
test.describe.configure({ timeout: 180_000 });

/**
 * The document's operations carry no tags, so the renderer writes each as an h3 straight under the
 * document's h1; with tags it would wrap each h2 in a disclosure button beside a link button, which
 * breaks a serious rule (nested-interactive) instead. Only those headings are spared the order rule.
 */
const RENDERER_MARKUP = {
  except: [{ rule: "heading-order", selector: ".references-rendered h3.endpoint-label" }],
};

/** Every axe violation but the renderer's headings' order; the page is loaded in one scheme, as its renderer draws only that one. */
const violations = (page: Page) => axeViolations(page, RENDERER_MARKUP);

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`the API reference (${colorScheme})`, () => {
    test.use({ colorScheme });

    // One drawing of the page serves every check: its first render is the slow part.
    test("is drawn from the served document in one readable column, accessible on desktop and phone; its curl samples name the page's origin, and it offers no AI", async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(DESKTOP);
      await drawn(page);
      expect(await violations(page)).toEqual([]);
      const operation = page.getByRole("button", { name: NEW_CHAT });
      // At 1,280 px the three-column layout left each description a sliver beside the chat list.
      const width = await operation.evaluate(
        (element) => element.closest("section")?.getBoundingClientRect().width ?? 0,
      );
      expect(width).toBeGreaterThan(640);
      await operation.click();
      await expect(
        page
          .locator("code", { hasText: `curl ${baseURL}/api/chats` })
          .filter({ hasText: "--request POST" }),
      ).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await expect(page.getByText(/Ask AI/i)).toHaveCount(0);
      await expect(page.getByRole("button", { name: /\bAI\b|agent/i })).toHaveCount(0);
      await page.setViewportSize(PHONE);
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
