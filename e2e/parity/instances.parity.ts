import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { choiceIdOf, type BlockBody } from "../support";
import { A, B, from, query, settled } from "./support";

// A stream polls every 5 s while its instance's LISTEN is live (lib/chat/stream/event-stream.ts): a
// delivery well under that came by a notice, not by a poll.
const POLL_WHILE_LISTENING_MS = 5_000;
const WELL_UNDER_POLLING_MS = 2_000;

/** Records when each Server-Sent Event reaches the page, by the page's own clock. */
async function recordArrivals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as {
      arrivals: { data: string; at: number }[];
      streamOpen: boolean;
    };
    seen.arrivals = [];
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener("open", () => (seen.streamOpen = true));
        this.addEventListener("message", (event) =>
          seen.arrivals.push({ data: String(event.data), at: Date.now() }),
        );
      }
    };
  });
}

async function createChat(
  request: APIRequestContext,
  origin: string,
  message?: string,
): Promise<string> {
  const response = await request.post(`${origin}/api/chats`, {
    headers: from(origin),
    data: message ? { message } : {},
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { chatId: string }).chatId;
}

async function send(
  request: APIRequestContext,
  origin: string,
  chatId: string,
  text: string,
): Promise<void> {
  const response = await request.post(`${origin}/api/chats/${chatId}/messages`, {
    headers: from(origin),
    data: { text },
  });
  expect(response.status()).toBe(202);
}

test.describe("two instances behind one pooled database", () => {
  test("a message sent through A streams live to a page on B, with no polling lurch", async ({
    page,
  }) => {
    await recordArrivals(page);
    await page.goto(`${B}/`);
    const chatId = await createChat(page.request, A);
    await page.goto(`${B}/chats/${chatId}`);
    await page.waitForFunction(
      () => (window as unknown as { streamOpen?: boolean }).streamOpen === true,
    );

    const delays: number[] = [];
    for (let index = 1; index <= 5; index++) {
      const text = `parity ping ${index} ${randomUUID().slice(0, 8)}`;
      // From before the request: the delay measured includes A's own handling, never less.
      const sentAt = Date.now();
      await send(page.request, A, chatId, text);
      const arrived = await page.waitForFunction(
        (wanted) =>
          (window as unknown as { arrivals: { data: string; at: number }[] }).arrivals.find(
            (arrival) => arrival.data.includes(wanted),
          )?.at,
        text,
      );
      delays.push(Number(await arrived.jsonValue()) - sentAt);
      await expect(page.getByText(text).first()).toBeVisible();
    }
    const sorted = [...delays].sort((a, b) => a - b);
    console.log(
      `delivery delay across instances (sent through A, drawn on a page of B): median ${sorted[2]} ms, max ${sorted[4]} ms ` +
        `over ${delays.length} messages [${delays.join(", ")}]; B polls every ${POLL_WHILE_LISTENING_MS} ms while listening`,
    );
    expect(Math.max(...delays)).toBeLessThan(WELL_UNDER_POLLING_MS);
    await settled(chatId);
  });

  test("20 concurrent picks split across both instances record exactly one answer", async ({
    request,
  }) => {
    const chatId = await createChat(request, A, "Walk me through a release checklist");
    await settled(chatId);
    const view = (await (await request.get(`${B}/api/chats/${chatId}`)).json()) as {
      items: { id: string; revision: number; blocks: Record<string, BlockBody> }[];
    };
    const reply = view.items[1]!;
    const block = Object.values(reply.blocks)[0]!;
    const choices = [choiceIdOf(block, "Release to"), choiceIdOf(block, "Hold")];
    const values = {
      $checks: ["tests", "docs"],
      $notify: true,
      $rollout: 100,
      $target: "production",
    };

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const origin = index % 2 === 0 ? A : B;
        const choiceId = choices[Math.floor(index / 2) % 2]!;
        return request.post(`${origin}/api/chats/${chatId}/ui-choices`, {
          headers: from(origin),
          data: { itemId: reply.id, blockId: block.id, revision: reply.revision, choiceId, values },
        });
      }),
    );
    const answered = responses.filter((response) => response.status() === 200);
    const refused = responses.filter((response) => response.status() === 409);
    expect(answered.length + refused.length).toBe(20);
    // Every pick that was let through got the one answer; every other was told it was taken.
    const answers = await Promise.all(
      answered.map(async (response) => JSON.stringify((await response.json()).answer)),
    );
    expect(new Set(answers).size).toBe(1);
    for (const response of refused)
      expect(await response.json()).toMatchObject({ code: "ui-already-answered" });
    expect(await query(`SELECT id FROM "UiAnswer" WHERE "itemId" = $1`, [reply.id])).toHaveLength(
      1,
    );
    await settled(chatId);
    const users = await query(`SELECT id FROM "Item" WHERE "chatId" = $1 AND role = 'user'`, [
      chatId,
    ]);
    expect(users).toHaveLength(2);
  });

  test("a queue of three long turns, sent through both instances, all complete", async ({
    request,
  }) => {
    const story = "Tell me a long story";
    const chatId = await createChat(request, A, story);
    await send(request, B, chatId, story);
    await send(request, A, chatId, story);
    // Read from the database only: no request to the chat starts a waiting turn here, so each
    // turn after the first starts only through the hand-off at the end of the one before.
    await settled(chatId, 110_000);
    const turns = await query<{ status: string }>(
      `SELECT status FROM "Turn" WHERE "chatId" = $1 ORDER BY "startedAt"`,
      [chatId],
    );
    expect(turns.map((turn) => turn.status)).toEqual(["finished", "finished", "finished"]);
    const replies = await query<{ status: string; length: number }>(
      `SELECT status, length(content) AS length FROM "Item" WHERE "chatId" = $1 AND role = 'assistant' ORDER BY position`,
      [chatId],
    );
    expect(replies.map((reply) => reply.status)).toEqual(["complete", "complete", "complete"]);
    for (const reply of replies) expect(reply.length).toBeGreaterThan(500);
  });
});
