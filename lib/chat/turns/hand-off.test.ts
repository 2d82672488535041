import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { createChat, sendMessage } from "../chats";
import { handOffNextTurn, signTurnRequest, TURN_SIGNATURE_HEADER, verifyTurnRequest } from "./hand-off";
import { driveChat } from "./run";

const SECRET = "a-session-secret-for-hand-off-tests";

describe("signed turn requests", () => {
  const chatId = randomUUID();
  const now = Date.now();

  it("accepts a signature made for the chat, recently, with the secret", () => {
    expect(verifyTurnRequest(chatId, signTurnRequest(chatId, now, SECRET), now + 5_000, SECRET)).toBe(true);
  });

  it("refuses another chat's, an old one, another secret's, a tampered one and none", () => {
    const signature = signTurnRequest(chatId, now, SECRET);
    expect(verifyTurnRequest(randomUUID(), signature, now, SECRET)).toBe(false);
    expect(verifyTurnRequest(chatId, signature, now + 61_000, SECRET)).toBe(false);
    expect(verifyTurnRequest(chatId, signTurnRequest(chatId, now, "another-secret-of-enough-length"), now, SECRET)).toBe(false);
    expect(verifyTurnRequest(chatId, `${now + 1}${signature.slice(String(now).length)}`, now, SECRET)).toBe(false);
    expect(verifyTurnRequest(chatId, null, now, SECRET)).toBe(false);
    expect(verifyTurnRequest(chatId, "garbage", now, SECRET)).toBe(false);
  });
});

describe("handing the next turn to a fresh invocation", () => {
  const received: { url: string; signature: string | undefined }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    received.push({ url: request.url ?? "", signature: request.headers[TURN_SIGNATURE_HEADER] as string | undefined });
    response.writeHead(202).end();
  });
  let previousPort: string | undefined;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    previousPort = process.env.PORT;
    // The server's own port, as `next start` sets it: the hand-off calls this very server.
    process.env.PORT = String((server.address() as AddressInfo).port);
  });
  afterAll(async () => {
    process.env.PORT = previousPort;
    await new Promise((resolve) => server.close(resolve));
    await disconnectDb();
  });

  it("asks for the queued turn with a signed request, and asks nothing when none waits", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "first" });
    await sendMessage({ visitorId, chatId, text: "second" });
    const echo = { async *reply() { yield { type: "text" as const, text: "ok" }; } };

    await driveChat(chatId, echo, handOffNextTurn);
    expect(received.map((request) => request.url)).toEqual([`/api/internal/turns/${chatId}`]);
    expect(verifyTurnRequest(chatId, received[0]!.signature ?? null)).toBe(true);

    // The last turn of the queue ends with nothing waiting: no request.
    await driveChat(chatId, echo, handOffNextTurn);
    expect(received).toHaveLength(1);
  });
});
