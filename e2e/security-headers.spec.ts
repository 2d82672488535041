import { expect, test, type Page } from "@playwright/test";
import { createChat, replyFinished, startChatFromHome } from "./support";

/** Every Content-Security-Policy violation the page reports, on every document it loads. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (violation: string) =>
    violations.push(violation),
  );
  await page.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (violation: string) => void })
      .reportCspViolation;
    document.addEventListener("securitypolicyviolation", (event) =>
      report(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return violations;
}

/** The reply's first block, once `control` is drawn. */
async function drawnBlock(page: Page, control: string) {
  const block = page.getByRole("region", { name: "Interactive block" }).first();
  await expect(block.getByRole("button", { name: control })).toBeVisible();
  return block;
}

const directives = (policy: string) =>
  new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

test.describe("security headers", () => {
  test("a page carries a nonce-based policy and the other security headers, a fresh nonce each time", async ({
    request,
  }) => {
    const first = await request.get("/");
    const second = await request.get("/");
    const policy = first.headers()["content-security-policy"] ?? "";
    const script = directives(policy).get("script-src") ?? [];
    expect(script).toContain("'strict-dynamic'");
    expect(script.filter((value) => value.startsWith("'nonce-"))).toHaveLength(1);
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(directives(policy).get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives(policy).get("object-src")).toEqual(["'none'"]);
    expect(second.headers()["content-security-policy"]).not.toEqual(policy);
    // Every script the page writes carries this response's nonce.
    const nonce = script.find((value) => value.startsWith("'nonce-"))!.slice("'nonce-".length, -1);
    const scripts = (await first.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    for (const response of [first, await request.get("/api/health")]) {
      expect(response.headers()).toMatchObject({
        "x-content-type-options": "nosniff",
        "referrer-policy": "same-origin",
        "x-frame-options": "DENY",
        "permissions-policy": expect.stringContaining("camera=()"),
      });
    }
  });

  test("the browser reports no policy violation while every scenario streams and is drawn", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const violations = await watchViolations(page);
    await page.goto("/");
    const starters = await page
      .getByRole("list", { name: "Starter prompts" })
      .getByRole("button")
      .allTextContents();
    expect(starters.length).toBeGreaterThan(5);

    // Every scenario at once, one chat each, so the replies stream side by side; the page then
    // draws each chat, live while its reply is still streaming, final once it is not.
    const chats = await Promise.all(
      starters.map((starter) => createChat(page.request, baseURL, starter)),
    );
    for (const chatId of chats) {
      await page.goto(`/chats/${chatId}`);
      await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
        "data-status",
        "complete",
        { timeout: 60_000 },
      );
    }
    // The useChat example draws a chat with the AI SDK's page code, which brings classic zod.
    await page.goto(`/examples/use-chat/${chats[0]}`);
    await expect(page.getByRole("article", { name: "Agent" }).first()).toHaveAttribute(
      "data-status",
      "complete",
    );
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the browser reports no policy violation while a person answers every kind of part", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const violations = await watchViolations(page);

    // A Choice in an intelligent-ui block.
    await startChatFromHome(page, "Walk me through a release checklist");
    await replyFinished(page);
    const checklist = await drawnBlock(page, "Hold");
    await checklist.getByRole("button", { name: "Hold" }).click();
    await expect(checklist.getByText(/Answered: Hold · .+/)).toBeVisible();
    await replyFinished(page);

    // A ChoiceList frame.
    await startChatFromHome(page, "Where should we go next?");
    const list = page.getByRole("group", { name: "Where should we go?" });
    await list.getByRole("button", { name: /Documentation/ }).click();
    await expect(list.getByText(/Answered “Documentation”/)).toBeVisible();
    await replyFinished(page);

    // A confirmation approved, and the action's outcome drawn.
    await startChatFromHome(page, "Email the release notes");
    await page.getByRole("button", { name: /Send to Ada/ }).click();
    const card = page.getByRole("region", { name: /ada@example\.com/ });
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(
      card.getByRole("heading", { name: "Email sent to ada@example.com" }),
    ).toBeVisible();
    await replyFinished(page);

    // A live block reading again (`ui.query`) when its input changes, then answered on that reading.
    await startChatFromHome(page, "Triage the failing build");
    await replyFinished(page);
    const triage = await drawnBlock(page, "Summarise for the team");
    const read = page.waitForResponse(
      (response) =>
        response.url().includes("/ui-queries") && response.request().method() === "POST",
    );
    await triage.locator("label", { hasText: "dev" }).click();
    expect((await read).status()).toBe(200);
    await expect(triage.getByText(/^CI on dev/)).toBeVisible();
    await triage.getByRole("button", { name: "Summarise for the team" }).click();
    await expect(triage.getByText(/Answered: Summarise for the team · .+/)).toBeVisible();
    await replyFinished(page);

    expect(violations).toEqual([]);
  });
});
