import { randomUUID } from "node:crypto";
import { expect, test } from "./contract";
import { createChat, runSql } from "../support";
import { PROTOCOL_VERSION } from "../../lib/api/protocol";

test("GET /api/health reports the database reachable, LISTEN proven live and the protocol version", async ({
  request,
}) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  // Only DATABASE_URL is set here, a direct URL: it serves LISTEN too.
  expect(await response.json()).toMatchObject({
    status: "ok",
    protocolVersion: PROTOCOL_VERSION,
    database: "ok",
    listener: { state: "live", via: "DATABASE_URL" },
  });
});

test("GET /api/openapi.json serves the document of the same protocol version, the same on every request", async ({
  request,
}) => {
  const first = await request.get("/api/openapi.json");
  expect(first.status()).toBe(200);
  const document = (await first.json()) as { openapi: string; info: { version: string } };
  expect(document).toMatchObject({ openapi: "3.2.0", info: { version: PROTOCOL_VERSION } });
  expect(await (await request.get("/api/openapi.json")).json()).toEqual(document);
});

test("GET /api/health reports how long the longest-stuck turn has waited since its lease lapsed", async ({
  request,
  baseURL,
}) => {
  const chatId = await createChat(request, baseURL);
  // As a process that died two minutes ago leaves it: a message whose turn is running, its lease
  // long lapsed, and nobody reading the chat.
  const [turnId, messageId] = [randomUUID(), randomUUID()];
  await runSql(
    `WITH chat AS (UPDATE "Chat" SET "activeTurnId" = $2, "lastPosition" = 1 WHERE "id" = $1),
          message AS (INSERT INTO "Item" ("id", "chatId", "position", "role", "status", "content", "parts", "turnId", "completedAt")
                      VALUES ($3, $1, 1, 'user', 'complete', 'Hello', '[{"kind":"text","text":"Hello"}]', $2, now()))
     INSERT INTO "Turn" ("id", "chatId", "triggerItemId", "leaseExpiresAt") VALUES ($2, $1, $3, now() - interval '120 seconds')`,
    [chatId, turnId, messageId],
  );
  try {
    const body = (await (await request.get("/api/health")).json()) as {
      oldestStuckTurnSeconds: unknown;
    };
    expect(body.oldestStuckTurnSeconds).toEqual(expect.any(Number));
    expect(body.oldestStuckTurnSeconds).toBeGreaterThanOrEqual(120);
  } finally {
    // Its owner's read recovers it, so no later test finds it stuck.
    await request.get(`/api/chats/${chatId}`);
  }
});
