import { randomUUID } from "node:crypto";
import { expect, test } from "./contract";
import { createChat, settledChat, textOf } from "../support";
import { openSession } from "../../scripts/db/session";
import { testDatabaseUrl } from "../../scripts/env";

/**
 * Leaves a chat as a dead process would: a message whose turn is running but was never claimed
 * (its request failed before starting it), or, `claimed`, a turn that died mid-reply with a second
 * message queued behind it. Nothing here opens an event stream, the only recoverer there was.
 */
async function strand(chatId: string, { claimed }: { claimed: boolean }): Promise<void> {
  const client = openSession(testDatabaseUrl());
  try {
    const [turnId, messageId, replyId] = [randomUUID(), randomUUID(), randomUUID()];
    await client.unsafe("BEGIN");
    await client.unsafe(
      `UPDATE "Chat" SET "activeTurnId" = $2, "lastPosition" = 2 WHERE "id" = $1`,
      [chatId, turnId],
    );
    await client.unsafe(
      `INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "turnId", "completedAt")
       VALUES ($1, $2, 1, 'user', 'complete', 'Where should we go next?', '[{"kind":"text","text":"Where should we go next?"}]', $3, now())`,
      [messageId, chatId, turnId],
    );
    if (claimed) {
      await client.unsafe(
        `INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "turnId") VALUES ($1, $2, 2, 'assistant', 'streaming', 'Half a', '[]', $3)`,
        [replyId, chatId, turnId],
      );
      await client.unsafe(
        `INSERT INTO "QueuedMessage" ("chatId", "text") VALUES ($1, 'Where should we go next?')`,
        [chatId],
      );
    }
    // A claimed turn's lease has lapsed; an unclaimed one's is still live for an hour.
    await client.unsafe(
      `INSERT INTO "Turn" ("id", "chatId", "triggerItemId", "replyItemId", "leaseExpiresAt") VALUES ($1, $2, $3, $4, now() + $5::interval)`,
      [turnId, chatId, messageId, claimed ? replyId : null, claimed ? "-1 second" : "1 hour"],
    );
    await client.unsafe("COMMIT");
  } finally {
    await client.end();
  }
}

test.describe("a chat a dead process left stuck", () => {
  test("recovers when it is read: a turn never started runs at once", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL);
    await strand(chatId, { claimed: false });
    expect((await request.get(`/api/chats/${chatId}`)).status()).toBe(200);
    const chat = await settledChat(request, chatId);
    expect(chat.items.map((item) => `${item.role}:${item.status}`)).toEqual([
      "user:complete",
      "assistant:complete",
    ]);
  });

  test("recovers when its earlier items are read: a turn never started runs at once", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL);
    await strand(chatId, { claimed: false });
    expect((await request.get(`/api/chats/${chatId}/items?before=2`)).status()).toBe(200);
    // Watched through PostgreSQL alone: a read of the chat through the app would recover it too.
    const client = openSession(testDatabaseUrl());
    try {
      const replies = async () =>
        (
          await client.unsafe(
            `SELECT count(*)::int AS "count" FROM "Item" WHERE "chatId" = $1 AND "role" = 'assistant' AND "status" = 'complete'`,
            [chatId],
          )
        )[0]!.count;
      await expect.poll(replies, { timeout: 15_000 }).toBe(1);
    } finally {
      await client.end();
    }
  });

  test("recovers when the chats are listed: the dead turn is interrupted and the queued message answered", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL);
    await strand(chatId, { claimed: true });
    expect((await request.get("/api/chats")).status()).toBe(200);
    const chat = await settledChat(request, chatId);
    expect(chat.items.map((item) => `${item.role}:${item.status}`)).toEqual([
      "user:complete",
      "assistant:interrupted",
      "user:complete",
      "assistant:complete",
    ]);
    expect(textOf(chat.items[1]!)).toBe("Half a");
  });

  test("the scheduled sweep refuses anyone without the cron secret, and recovers nothing for them", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL);
    await strand(chatId, { claimed: false });
    const outsider = await playwright.request.newContext({ baseURL });
    try {
      for (const authorization of [
        undefined,
        "Bearer wrong-secret-of-some-length",
        "test-cron-secret-for-end-to-end-runs",
      ]) {
        const response = await outsider.get("/api/cron/sweep", {
          headers: authorization ? { authorization } : {},
        });
        expect(response.status(), authorization).toBe(401);
        expect(await response.json()).toMatchObject({ code: "unauthorized" });
      }
    } finally {
      await outsider.dispose();
    }
    const client = openSession(testDatabaseUrl());
    try {
      const rows = await client.unsafe(
        `SELECT count(*)::int AS "count" FROM "Item" WHERE "chatId" = $1`,
        [chatId],
      );
      expect(rows[0]!.count).toBe(1);
    } finally {
      await client.end();
    }
    // Its owner's next read recovers it.
    await request.get(`/api/chats/${chatId}`);
    expect((await settledChat(request, chatId)).items).toHaveLength(2);
  });
});
