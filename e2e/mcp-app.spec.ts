import { expect, test, type Page } from "@playwright/test";
import {
  axeViolations,
  chatIdOf,
  replyFinished,
  sameOrigin,
  settledChat,
  startChatFromHome,
  textOf,
} from "./support";

// An MCP App in the chat: the starter's view drawn in the sandbox, chosen in with the keyboard,
// and the sandbox holding against a view that tries to reach the app.

const APP_FRAME = 'iframe[aria-label="choose_deployment_window app"]';

/** `text` as a regular expression matches it, character for character. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The view inside the sandbox proxy inside the page. */
function view(page: Page) {
  return page.frameLocator(APP_FRAME).frameLocator("iframe");
}

async function openStarter(page: Page) {
  await startChatFromHome(page, "Choose a deployment window");
  await replyFinished(page);
  const calendar = view(page).getByRole("group", { name: /Free windows, week of 2026-12-07/ });
  await expect(calendar).toBeVisible();
  return calendar;
}

test.describe("an MCP App in the chat", () => {
  test("the starter draws the view; a window is chosen with the keyboard, confirmed, and the view draws itself answered", async ({
    page,
  }) => {
    const calendar = await openStarter(page);
    // The outer frame is sandboxed without allow-same-origin; the inner one scripts and forms only.
    const outer = page.locator(APP_FRAME);
    await expect(outer).toHaveAttribute("sandbox", "allow-scripts allow-forms");
    await expect(page.frameLocator(APP_FRAME).locator("iframe")).toHaveAttribute(
      "sandbox",
      "allow-scripts allow-forms",
    );
    // Sized to its content: taller than the first guess once the calendar drew.
    await expect.poll(async () => (await outer.boundingBox())?.height ?? 0).toBeGreaterThan(200);

    const first = calendar.getByRole("radio").first();
    const second = calendar.getByRole("radio").nth(1);
    await first.focus();
    await page.keyboard.press("ArrowDown");
    await expect(second).toBeChecked();
    const label = (await second.locator("..").textContent())!.trim();
    await page.keyboard.press("Tab");
    const confirm = view(page).getByRole("button", { name: "Confirm window" });
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(
      view(page).getByRole("heading", { name: "Deployment window chosen" }),
    ).toBeVisible();
    await expect(view(page).getByText(`Deploy checkout in the window ${label}`)).toBeVisible();
  });

  test("the view's answer is the next message once; reload, a second tab and a share link draw it answered; another answer is refused", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const calendar = await openStarter(page);
    const chatId = chatIdOf(page);
    const started = await settledChat(page.request, chatId);
    const reply = started.items.at(-1)!;
    const { toolCallId } = reply.parts.find((part) => part.kind === "mcp-app") as unknown as {
      toolCallId: string;
    };
    await calendar.getByRole("radio").nth(2).check();
    const label = (await calendar.getByRole("radio").nth(2).locator("..").textContent())!.trim();
    const text = `Deploy checkout in the window ${label}`;
    await view(page).getByRole("button", { name: "Confirm window" }).click();

    // Sent as the person's next message, once, and answered by the agent.
    const sent = page.getByRole("article", { name: "You" }).filter({ hasText: text });
    await expect(sent).toHaveCount(1);
    await replyFinished(page);
    const chat = await settledChat(page.request, chatId);
    const messages = chat.items.filter(
      (item) => item.role === "user" && textOf(item).startsWith(text),
    );
    expect(messages).toHaveLength(1);
    // The view's message names the window's id too: "… (2026-12-09T10)."
    const message = textOf(messages[0]!);
    const answered = new RegExp(`^Answered: ${escape(message)} · `);
    const drawnAnswered = async (on: Page) => {
      await expect(
        view(on).getByRole("heading", { name: "Deployment window chosen" }),
      ).toBeVisible();
      await expect(on.getByRole("status").filter({ hasText: answered })).toBeVisible();
    };
    await drawnAnswered(page);

    // A view that ignores what it is told and sends something else is answered with an error,
    // and nothing more is sent; the host's route refuses the same from anyone.
    const refusedInView = await page.frame({ url: "about:srcdoc" })!.evaluate(
      () =>
        new Promise<{ result?: { isError?: boolean }; error?: unknown }>((resolve) => {
          const id = 90_001;
          addEventListener("message", (event) => {
            if (event.data?.id === id) resolve(event.data);
          });
          parent.postMessage(
            {
              jsonrpc: "2.0",
              id,
              method: "ui/message",
              params: { role: "user", content: [{ type: "text", text: "Deploy it now instead." }] },
            },
            "*",
          );
        }),
    );
    expect(refusedInView.error ?? refusedInView.result?.isError).toBeTruthy();
    const refused = await page.request.post(`/api/chats/${chatId}/mcp-app-messages`, {
      headers: sameOrigin(baseURL),
      data: {
        itemId: reply.id,
        toolCallId,
        message: { role: "user", content: [{ type: "text", text: "Deploy it now instead." }] },
      },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "mcp-app-already-answered" });
    await expect(page.getByRole("article", { name: "You" })).toHaveCount(2);

    // After a reload, and in a second tab.
    await page.reload();
    await drawnAnswered(page);
    const second = await page.context().newPage();
    await second.goto(`/chats/${chatId}`);
    await drawnAnswered(second);
    await second.close();

    // On a share link's page, for a viewer with no cookie of the owner's.
    const shared = await page.request.post(`/api/chats/${chatId}/share`, {
      headers: sameOrigin(baseURL),
    });
    expect(shared.status()).toBe(200);
    const { path } = (await shared.json()) as { path: string };
    const viewer = await browser.newContext();
    const viewerPage = await viewer.newPage();
    await viewerPage.goto(new URL(path, baseURL).href);
    await drawnAnswered(viewerPage);
    await viewer.close();
  });

  test("the view's text stands for it for a reader that cannot run it", async ({
    page,
    browser,
  }) => {
    await startChatFromHome(page, "Choose a deployment window");
    await replyFinished(page);
    // The same visitor, with no script at all.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const reader = await context.newPage();
    await reader.goto(page.url());
    const fallback = reader.getByRole("region", { name: "choose_deployment_window (app)" });
    await expect(fallback).toContainText(
      "Free deployment windows for checkout the week of 2026-12-07",
    );
    await context.close();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`the chat page with the view has no axe violations, ${colorScheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openStarter(page);
      expect(await axeViolations(page)).toEqual([]);
      // The view itself, inside its frames, follows the theme and passes too.
      const inner = page.frame({ url: "about:srcdoc" });
      expect(await inner?.evaluate(() => document.documentElement.dataset.theme ?? "light")).toBe(
        colorScheme,
      );
    });
  }
});

// A view that tries everything a sandboxed view must not do, and reports each outcome.
const HOSTILE_VIEW = `<!doctype html><html><head></head><body><script>
  const attempt = (fn) => { try { return "succeeded: " + String(fn()); } catch (error) { return "refused: " + error.name; } };
  const report = {
    parentDocument: attempt(() => parent.document.title),
    topDocument: attempt(() => top.document.title),
    cookie: attempt(() => document.cookie),
    localStorage: attempt(() => localStorage.getItem("probe")),
    topNavigation: attempt(() => { top.location.href = "/hijacked"; return "navigated"; }),
  };
  parent.postMessage({ jsonrpc: "2.0", method: "test/report", params: report }, "*");
</script></body></html>`;

test.describe("the MCP App sandbox", () => {
  test("a hostile view cannot read the page, the app's cookies or storage, nor navigate the top window", async ({
    page,
  }) => {
    await page.goto("/");
    const home = page.url();
    const refusedNavigation = new Promise<void>((resolve) =>
      page.on("console", (message) => {
        if (/allow-top-navigation/.test(message.text())) resolve();
      }),
    );
    const report = await page.evaluate(async (html) => {
      document.cookie = "probe=secret; path=/";
      localStorage.setItem("probe", "secret");
      const frame = document.createElement("iframe");
      frame.setAttribute("sandbox", "allow-scripts allow-forms");
      frame.src = "/mcp-sandbox";
      const reported = new Promise<Record<string, string>>((resolve) => {
        window.addEventListener("message", (event) => {
          if (event.source !== frame.contentWindow) return;
          if (event.data?.method === "ui/notifications/sandbox-proxy-ready")
            frame.contentWindow!.postMessage(
              {
                jsonrpc: "2.0",
                method: "ui/notifications/sandbox-resource-ready",
                params: {
                  html,
                  sandbox: "allow-scripts allow-forms allow-same-origin allow-top-navigation",
                },
              },
              "*",
            );
          if (event.data?.method === "test/report") resolve(event.data.params);
        });
      });
      document.body.append(frame);
      return reported;
    }, HOSTILE_VIEW);
    expect(report.parentDocument).toMatch(/^refused: SecurityError/);
    expect(report.topDocument).toMatch(/^refused: SecurityError/);
    // An opaque origin has no cookies and no storage of the app's.
    expect(report.cookie).not.toContain("probe=secret");
    expect(report.localStorage).not.toContain("secret");
    // The browser refuses the navigation (it says so), and the top page stays where it was.
    expect(report.topNavigation).toBeDefined();
    await refusedNavigation;
    expect(page.url()).toBe(home);
    // The tokens the proxy would not pass on were dropped.
    await expect(page.frameLocator("iframe[src='/mcp-sandbox']").locator("iframe")).toHaveAttribute(
      "sandbox",
      "allow-scripts allow-forms",
    );
  });

  test("the chat page keeps the app's policy; only the sandbox route carries its own", async ({
    page,
    request,
  }) => {
    const withoutView = (await request.get("/")).headers()["content-security-policy"]!;
    const policies: string[] = [];
    page.on("response", (response) => {
      if (
        response.request().resourceType() === "document" &&
        new URL(response.url()).pathname.startsWith("/chats/")
      )
        policies.push(response.headers()["content-security-policy"] ?? "");
    });
    await openStarter(page);
    await page.reload();
    await expect(view(page).getByRole("group", { name: /Free windows/ })).toBeVisible();
    const normal = (policy: string) => policy.replace(/'nonce-[^']+'/g, "'nonce'");
    expect(policies.length).toBeGreaterThan(0);
    for (const policy of policies) expect(normal(policy)).toBe(normal(withoutView));
    expect(withoutView).toContain("frame-ancestors 'none'");

    const sandbox = await request.get("/mcp-sandbox");
    const own = sandbox.headers()["content-security-policy"]!;
    expect(own).not.toContain("nonce");
    expect(own).toContain("default-src 'none'");
    expect(own).toContain("connect-src 'none'");
    expect(sandbox.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  });
});
