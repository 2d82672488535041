import { expect, test, type Page } from "@playwright/test";
import { axeViolations, replyFinished, startChatFromHome } from "./support";

const REPOSITORY = "https://github.com/vercel/next.js";

/** Every `ui.link` request the page makes, as the node id and values it asked for. */
function linkRequests(page: Page): Array<{ nodeId: string; values: unknown }> {
  const requests: Array<{ nodeId: string; values: unknown }> = [];
  page.on("request", (request) => {
    if (request.url().includes("/ui-links"))
      requests.push(request.postDataJSON() as { nodeId: string; values: unknown });
  });
  return requests;
}

async function codeLinks(page: Page) {
  await replyFinished(page);
  return page.getByRole("region", { name: "Interactive block" }).first();
}

test.describe("host links", () => {
  test("a File chip opens the repository's file, frozen across a reload, and follows the block's values", async ({
    page,
  }) => {
    const requests = linkRequests(page);
    await startChatFromHome(page, "Show the files behind the release");
    const first = await codeLinks(page);
    const manifest = first.getByRole("link", { name: /packages\/next\/package\.json:3/ });
    await expect(manifest).toHaveAttribute(
      "href",
      `${REPOSITORY}/blob/HEAD/packages/next/package.json#L3`,
    );
    await expect(manifest).toHaveAttribute("target", "_blank");
    await expect(manifest).toHaveAttribute("rel", "noopener noreferrer");
    await expect(first.getByRole("link", { name: /Commit: a1b2c3d/ })).toHaveAttribute(
      "href",
      `${REPOSITORY}/commit/a1b2c3d4e5f6`,
    );

    requests.length = 0;
    await page.reload();
    const reloaded = await codeLinks(page);
    await expect(
      reloaded.getByRole("link", { name: /packages\/next\/package\.json:3/ }),
    ).toHaveAttribute("href", `${REPOSITORY}/blob/HEAD/packages/next/package.json#L3`);
    // A node opens nowhere here: it stays a chip that says why, to pointers and screen readers alike.
    const node = reloaded.getByText("web-1", { exact: true }).locator("..");
    await expect(node).toHaveAttribute("title", /no view of running nodes/);
    await expect(node).toContainText("(This host has no view of running nodes");
    await expect(reloaded.getByRole("link", { name: /web-1/ })).toHaveCount(0);

    const asked = page.waitForResponse(
      (response) => response.url().includes("/ui-links") && response.request().method() === "POST",
    );
    await reloaded.locator("label", { hasText: "create-next-app" }).click();
    await expect(reloaded.getByRole("radio", { name: "create-next-app" })).toBeChecked();
    expect((await asked).status()).toBe(200);
    await expect(
      reloaded.getByRole("link", { name: /packages\/create-next-app\/package\.json:3/ }),
    ).toHaveAttribute("href", `${REPOSITORY}/blob/HEAD/packages/create-next-app/package.json#L3`);
    // Only the link the new value changed was asked for: the others drew from their frozen links.
    expect(requests.map((request) => request.values)).not.toContainEqual({});
    expect(new Set(requests.map((request) => request.nodeId)).size).toBe(1);
    // The fixed links keep their frozen addresses.
    await expect(reloaded.getByRole("link", { name: /^File: package\.json:2/ })).toHaveAttribute(
      "href",
      `${REPOSITORY}/blob/HEAD/package.json#L2`,
    );
    expect(await axeViolations(page, { include: "[data-block-id]" })).toEqual([]);
  });
});
