import { expect, type Page, test } from "@playwright/test";
import { type Door, serverBehindDoor } from "./database-door";
import { expectAxeCleanInBothSchemes } from "./every-look";

// A database that stops answering while its connections stay open (a stopped process, a lock, a
// full disk): the chat's stream stays open too, so only the database's silence can tell the page.

const SLOW_STORY = "Tell me a long story, slowly";
const HELD = "Written while the database was silent";
const RACED = "Sent as the database fell silent";
const BLAMES_THE_AGENT = /write (this|the) block again|could not be drawn/i;

/** A chat on the server behind the door, its slow story streaming. */
async function storyStreaming(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel("First message").fill(SLOW_STORY);
  await page.getByRole("button", { name: "Start" }).click();
  await page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
  await expect(
    page
      .getByRole("article", { name: "Agent" })
      .getByRole("heading", { name: "The lighthouse keeper's ledger" }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("[data-stream-status]")).toHaveAttribute("data-stream-status", "live");
}

/** Runs `steps` on a chat whose story streams from a server whose database sits behind a door. */
async function onStreamingStory(
  page: Page,
  steps: (door: Door, base: string) => Promise<void>,
): Promise<void> {
  test.setTimeout(180_000);
  const { door, server } = await serverBehindDoor();
  try {
    await storyStreaming(page, server.base);
    await steps(door, server.base);
  } finally {
    // A failure mid-stall leaves requests waiting on the frozen door; closing the page ends its
    // event stream. The server is killed, not stopped: stopped, it would first finish the replies
    // still being written (the slow story's among them), which can outlast the test.
    door.thaw();
    await page.close();
    await server.kill();
    await door.shut();
  }
}

/** The chat's user messages with this text, as the server stored them: in the chat or queued behind its reply. */
async function storedMessages(page: Page, base: string, text: string): Promise<number> {
  const chatId = /\/chats\/([0-9a-f-]{36})$/.exec(page.url())![1];
  const response = await page.request.get(`${base}/api/chats/${chatId}?from=0`);
  const chat = (await response.json()) as {
    items: Array<{ role: string; parts: Array<{ text?: string }> }>;
    queued: Array<{ text: string }>;
  };
  const sent = chat.items.filter(
    (item) => item.role === "user" && item.parts.some((part) => part.text === text),
  );
  return sent.length + chat.queued.filter((queued) => queued.text === text).length;
}

test("a database stall mid-reply is said beside the composer within 5 s, holds sends, blames no one, and clears once the database answers", async ({
  page,
}) => {
  await onStreamingStory(page, async (door, base) => {
    const note = page.getByRole("status").filter({ hasText: /database|Connected again/ });
    const header = page.locator("[data-stream-status]");
    const field = page.getByRole("textbox", { name: "Message" });
    const send = page.getByRole("button", { name: /^(Queue|Send)$/ });

    door.freeze();
    await expect(note).toHaveText(/^The database is not answering/, { timeout: 5_000 });
    await expect(header).toHaveAttribute("data-stream-status", "stalled");
    await expect(header).toHaveText("Waiting for the database…");
    // Neither a click nor a key sends into the stall; what is typed stays.
    await field.fill(HELD);
    await expect(send).toHaveAttribute("aria-disabled", "true");
    await expect(send).toHaveAccessibleDescription(/^The database is not answering/);
    await send.click({ force: true });
    await field.press("Enter");
    await expect(field).toHaveValue(HELD);
    await expectAxeCleanInBothSchemes(page);
    await expect(note).toHaveText(/^The database is not answering/);

    door.thaw();
    await expect(note).toHaveText("Connected again.", { timeout: 15_000 });
    await expect(header).toHaveAttribute("data-stream-status", "live");
    await expect(send).not.toHaveAttribute("aria-disabled");
    await expect(field).toHaveValue(HELD);
    // The story ends however the stall left it; nothing on the page blames the agent for it.
    await expect(page.getByRole("article", { name: "Agent" }).first()).not.toHaveAttribute(
      "data-status",
      "streaming",
      { timeout: 60_000 },
    );
    await expect(page.getByText(BLAMES_THE_AGENT)).toHaveCount(0);
    await send.click();
    await expect(field).toHaveValue("");
    await expect.poll(() => storedMessages(page, base, HELD)).toBe(1);
    await expect(note).toHaveCount(0, { timeout: 15_000 });
  });
});

test("a message sent the moment the database falls silent is stored once, and none is lost", async ({
  page,
}) => {
  await onStreamingStory(page, async (door, base) => {
    const field = page.getByRole("textbox", { name: "Message" });
    const send = page.getByRole("button", { name: /^(Queue|Send)$/ });
    await field.fill(RACED);
    // Sent before the page can know: the request waits in the stall.
    door.freeze();
    await send.click();
    await expect(page.locator("[data-stream-status]")).toHaveAttribute(
      "data-stream-status",
      "stalled",
      { timeout: 5_000 },
    );
    door.thaw();
    await expect(page.locator("[data-stream-status]")).toHaveAttribute(
      "data-stream-status",
      "live",
      { timeout: 15_000 },
    );
    // Either the send went through once the database answered, or it was refused and its text
    // kept for another try: sent again, it is there once either way.
    const settled = async () => (await field.inputValue()) === "" || (await send.isEnabled());
    await expect.poll(settled, { timeout: 30_000 }).toBe(true);
    if ((await field.inputValue()) === RACED) await send.click();
    await expect(field).toHaveValue("");
    await expect.poll(() => storedMessages(page, base, RACED)).toBe(1);
    await expect(page.getByText(BLAMES_THE_AGENT)).toHaveCount(0);
  });
});
