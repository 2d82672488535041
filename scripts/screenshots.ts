// `npm run screenshots`: the README's pictures, taken again from a running app (BASE_URL, default
// http://127.0.0.1:3000; `npm run dev` or `npm start`), through the page as a person uses it.
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { launchChromium } from "./e2e-browser";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const docs = join(__dirname, "..", "docs");
const DESKTOP = { width: 1280, height: 900 };
// The conversation scrolls inside the page: a viewport tall enough draws all of it.
const TALL = { width: 1280, height: 2050 };
// `next dev` draws its own indicator over the page.
const HIDE_DEV_INDICATOR = "nextjs-portal { display: none !important; }";
const PHONE = { width: 390, height: 844 };

async function send(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("button", { name: /^(Send|Queue)$/ }).click();
  await page.getByText(/^Live$/).waitFor();
  await page.getByRole("button", { name: "Stop" }).waitFor({ state: "detached", timeout: 60_000 });
}

/** A chat with every part: a block and a list answered, an email approved, a reply written twice. */
async function chatWithEveryPart(page: Page): Promise<string> {
  await page.goto(base);
  await page
    .getByRole("textbox", { name: /message/i })
    .first()
    .fill("Mix prose, a block and a list");
  await page
    .getByRole("button", { name: /^(Start|Send|Start chat)/ })
    .first()
    .click();
  await page.waitForURL(/\/chats\//);
  await page.getByRole("button", { name: "Stop" }).waitFor({ state: "detached", timeout: 60_000 });
  await page.getByRole("button", { name: /Pick this size/ }).click();
  await page.getByText(/Noted: Pick this size/).waitFor();
  await page
    .getByRole("group", { name: "And a colour?" })
    .getByRole("button", { name: /Blue/ })
    .click();
  await page.getByText(/Noted: Blue/).waitFor();
  await send(page, "Email the release notes");
  await page.getByRole("button", { name: /Send to Ada/ }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByText(/Done: the email went to/).waitFor();
  await page.getByRole("button", { name: "Regenerate" }).click();
  await page.getByText("Version 2 of 2").waitFor({ timeout: 60_000 });
  await page.getByRole("button", { name: "Stop" }).waitFor({ state: "detached", timeout: 60_000 });
  return page.url();
}

async function main() {
  const launched = await launchChromium();
  try {
    const desktop = await launched.newPage({ viewport: DESKTOP, colorScheme: "light" });
    const chat = await chatWithEveryPart(desktop);
    await desktop.mouse.move(0, 0);
    await desktop.setViewportSize(TALL);
    await desktop.addStyleTag({ content: HIDE_DEV_INDICATOR });
    await desktop.screenshot({ path: join(docs, "screenshot.png") });
    await desktop.setViewportSize(DESKTOP);
    await desktop.goto(base);
    await desktop.addStyleTag({ content: HIDE_DEV_INDICATOR });
    await desktop.screenshot({ path: join(docs, "screenshot-home.png") });
    const phone = await launched.newPage({
      viewport: PHONE,
      colorScheme: "dark",
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
    });
    await phone.context().addCookies(await desktop.context().cookies());
    await phone.goto(chat);
    await phone.getByText("Version 2 of 2").waitFor();
    await phone.getByText(/^Live$/).waitFor();
    await phone.addStyleTag({ content: HIDE_DEV_INDICATOR });
    await phone.screenshot({ path: join(docs, "screenshot-phone.png") });
    await phone.getByRole("button", { name: "Open the chat list" }).click();
    await phone.getByRole("navigation", { name: "Chats" }).waitFor();
    await phone.screenshot({ path: join(docs, "screenshot-phone-list.png") });
    console.log(`screenshots of ${chat} written to docs/`);
  } finally {
    await launched.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
