import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { choiceIdByLabel } from "../scripts/test/block-fixtures";
import { type Param, withSession } from "../scripts/db/session";
import { testDatabaseUrl } from "../scripts/env";

/** Headers a page of the app sends with a state-changing request. */
export function sameOrigin(baseURL: string | undefined): Record<string, string> {
  if (!baseURL) throw new Error("baseURL is not configured");
  return { origin: new URL(baseURL).origin, "content-type": "application/json" };
}

/** Creates a chat through the API as the context's visitor; returns its id. */
export async function createChat(
  request: APIRequestContext,
  baseURL: string | undefined,
  message?: string,
): Promise<string> {
  const response = await request.post("/api/chats", {
    headers: sameOrigin(baseURL),
    data: message ? { message } : {},
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { chatId: string };
  return body.chatId;
}

export type ChatBody = {
  running: boolean;
  items: Array<{
    id: string;
    role: string;
    status: string;
    parts: Array<{ kind: string; text?: string; instanceId?: string }>;
    selections: Record<
      string,
      { choiceId: string; label: string; confirmationToken: string | null }
    >;
  }>;
  queued: unknown[];
};

/** Waits until the chat has no running turn and nothing queued, then returns it, every item of it. */
export async function settledChat(
  request: APIRequestContext,
  chatId: string,
  timeout = 40_000,
): Promise<ChatBody> {
  let chat: ChatBody | undefined;
  await expect
    .poll(
      async () => {
        // From the first position: a page opens on the latest items only.
        const response = await request.get(`/api/chats/${chatId}?from=0`);
        chat = (await response.json()) as ChatBody;
        return !chat.running && chat.queued.length === 0;
      },
      { timeout },
    )
    .toBe(true);
  return chat!;
}

export function textOf(item: { parts: Array<{ kind: string; text?: string }> }): string {
  return item.parts.map((part) => part.text ?? "").join("");
}

/** Starts a chat from the home page with the given first message and waits for its page. */
export async function startChatFromHome(page: Page, message: string): Promise<void> {
  await page.goto("/");
  await page.getByLabel("First message").fill(message);
  await page.getByRole("button", { name: "Start" }).click();
  await page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
}

/**
 * Opens Share or Data access from the chat header: its own button on a wide screen, the "Chat
 * actions" menu on a phone, where the title has the row.
 */
export async function openChatAction(page: Page, name: "Share" | "Data access"): Promise<void> {
  const menu = page.getByRole("button", { name: "Chat actions" });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole("menuitem", { name }).click();
  } else await page.getByRole("button", { name }).click();
}

/** The parts of a compiled block a test reads: its nodes, to find a Choice by its label. */
export type BlockNode = { id: string; type: string; text?: string; children: BlockNode[] };
export type BlockBody = { id: string; revision?: number; nodes: BlockNode[] };

/** The id of the Choice whose label starts with `label`. */
export function choiceIdOf(block: BlockBody, label: string): string {
  return choiceIdByLabel(block.nodes, label);
}

/** The chat id in a chat page's address. */
export function chatIdOf(page: Page): string {
  const id = /\/chats\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  if (!id) throw new Error(`Not a chat page: ${page.url()}`);
  return id;
}

/** Waits until the chat's latest reply has finished streaming. */
export async function replyFinished(page: Page): Promise<void> {
  await expect(page.getByRole("article", { name: "Agent" }).last()).toHaveAttribute(
    "data-status",
    "complete",
  );
}

export type AxeOptions = {
  include?: string;
  rules?: string[];
  disable?: string[];
  /** A rule checked everywhere but the nodes `selector` names: markup the page cannot change. */
  except?: { rule: string; selector: string }[];
};

/**
 * Every axe violation on the page, of any impact, one line each (rule: targets), so a test can
 * expect an empty list. `include` narrows the check to part of the page, `rules` to some rules.
 */
export async function axeViolations(
  page: Page,
  { include, rules, disable, except = [] }: AxeOptions = {},
): Promise<string[]> {
  // A page without frames is read in place; one with frames needs axe's frame-by-frame run, which
  // opens a blank page of its own to add the frames' results up.
  const frameless = page.frames().length === 1;
  const start = () => {
    const builder = new AxeBuilder({ page }).setLegacyMode(frameless);
    return include ? builder.include(include) : builder;
  };
  let builder = start();
  const excepted = except.map((each) => each.rule);
  if (disable || excepted.length) builder = builder.disableRules([...(disable ?? []), ...excepted]);
  if (rules) builder = builder.withRules(rules);
  const violations = (await builder.analyze()).violations;
  for (const { rule, selector } of except)
    violations.push(...(await start().withRules([rule]).exclude(selector).analyze()).violations);
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

/** Runs one statement on the test database, for a state a test injects where the server keeps it. */
export async function runSql(text: string, params: Param[] = []): Promise<void> {
  await withSession(testDatabaseUrl(), (sql) => sql.unsafe(text, params));
}

/** Moves the chat's pending confirmations to expire at `when` (an SQL time, e.g. `now() - interval '1 second'`). */
export function expireConfirmations(chatId: string, when: string): Promise<void> {
  return runSql(`UPDATE "ActionConfirmation" SET "expiresAt" = ${when} WHERE "chatId" = $1`, [
    chatId,
  ]);
}

/** The frame the `/deploy` starter's MCP App view is drawn in: the sandbox proxy. */
export const DEPLOY_APP_FRAME = 'iframe[aria-label="choose_deployment_window app"]';

/** The starter's MCP App view, inside the sandbox proxy inside the page. */
export function deployAppView(page: Page) {
  return page.frameLocator(DEPLOY_APP_FRAME).frameLocator("iframe");
}
