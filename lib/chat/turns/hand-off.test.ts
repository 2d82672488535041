import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as listChats } from "@/app/api/chats/route";
import { GET as sweep } from "@/app/api/cron/sweep/route";
import { appConfig } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { resetEnv } from "@/lib/env";
import { signVisitorId, VISITOR_COOKIE } from "@/lib/http/visitor";
import { createChat } from "../chats/manage";
import { sendMessage } from "../chats/send-message";
import {
  handOffNextTurn,
  signTurnRequest,
  TURN_SIGNATURE_HEADER,
  verifyTurnRequest,
} from "./hand-off";
import { sweepAllChats } from "../recovery/recover";
import { runChat } from "./run";

const SECRET = "a-session-secret-for-hand-off-tests";
const CRON_SECRET = vi.hoisted(() => "a-cron-secret-for-hand-off-tests");
vi.hoisted(() => vi.stubEnv("CRON_SECRET", CRON_SECRET));

// What routes leave for after the response, run by the test when it chooses.
const afterResponse = vi.hoisted(() => [] as (() => unknown)[]);
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: (task: () => unknown) => afterResponse.push(task),
}));
// The real sweep recovers every chat in the database, other test files' too: it answers with this file's own.
vi.mock("../recovery/recover", async (original) => ({
  ...(await original<typeof import("../recovery/recover")>()),
  sweepAllChats: vi.fn(),
}));

describe("signed turn requests", () => {
  const chatId = randomUUID();
  const now = Date.now();

  it("accepts a signature made for the chat, recently, with the secret", () => {
    expect(
      verifyTurnRequest(chatId, signTurnRequest(chatId, now, SECRET), now + 5_000, SECRET),
    ).toBe(true);
  });

  it("refuses another chat's, an old one, another secret's, a tampered one and none", () => {
    const signature = signTurnRequest(chatId, now, SECRET);
    expect(verifyTurnRequest(randomUUID(), signature, now, SECRET)).toBe(false);
    expect(verifyTurnRequest(chatId, signature, now + 61_000, SECRET)).toBe(false);
    expect(
      verifyTurnRequest(
        chatId,
        signTurnRequest(chatId, now, "another-secret-of-enough-length"),
        now,
        SECRET,
      ),
    ).toBe(false);
    expect(
      verifyTurnRequest(chatId, `${now + 1}${signature.slice(String(now).length)}`, now, SECRET),
    ).toBe(false);
    expect(verifyTurnRequest(chatId, null, now, SECRET)).toBe(false);
    expect(verifyTurnRequest(chatId, "garbage", now, SECRET)).toBe(false);
  });
});

describe("handing the next turn to a fresh invocation", () => {
  const received: { url: string; signature: string | undefined }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    received.push({
      url: request.url ?? "",
      signature: request.headers[TURN_SIGNATURE_HEADER] as string | undefined,
    });
    response.writeHead(202).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    // The server's own port, as `next start` sets it: the hand-off calls this very server.
    vi.stubEnv("PORT", String((server.address() as AddressInfo).port));
    resetEnv();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    resetEnv();
    await new Promise((resolve) => server.close(resolve));
    await disconnectDb();
  });

  it("asks for the queued turn with a signed request, and asks nothing when none waits", async () => {
    const visitorId = randomUUID();
    const { chatId } = await createChat({ visitorId, message: "first" });
    await sendMessage({ visitorId, chatId, text: "second" });
    const echo = {
      async *reply() {
        yield { type: "text" as const, text: "ok" };
      },
    };

    await runChat(chatId, echo, handOffNextTurn);
    expect(received.map((request) => request.url)).toEqual([`/api/internal/turns/${chatId}`]);
    expect(verifyTurnRequest(chatId, received[0]!.signature ?? null)).toBe(true);

    // The last turn of the queue ends with nothing waiting: no request.
    await runChat(chatId, echo, handOffNextTurn);
    expect(received).toHaveLength(1);
  });

  describe("inside the Next server, where many chats' turns wait at once", () => {
    beforeAll(() => {
      vi.stubEnv("NEXT_RUNTIME", "nodejs");
      resetEnv();
    });
    afterAll(() => {
      vi.stubEnv("NEXT_RUNTIME", undefined);
      resetEnv();
    });

    /** Two chats of a fresh visitor, each with a turn nobody claimed yet. */
    async function waitingChats() {
      const visitorId = randomUUID();
      const chats = [
        (await createChat({ visitorId, message: "one" })).chatId,
        (await createChat({ visitorId, message: "two" })).chatId,
      ];
      return { visitorId, chats };
    }

    /** Runs what the route left for after its response, then checks each turn went elsewhere: asked for, signed, and not run here. */
    async function expectHandedOff(chats: string[]) {
      await Promise.all(afterResponse.splice(0).map((task) => task()));
      for (const chatId of chats) {
        const asked = received.filter((request) => request.url === `/api/internal/turns/${chatId}`);
        expect(asked).toHaveLength(1);
        expect(verifyTurnRequest(chatId, asked[0]!.signature ?? null)).toBe(true);
      }
      const claimed = await db().turn.count({
        where: { chatId: { in: chats }, replyItemId: { not: null } },
      });
      expect(claimed).toBe(0);
    }

    it("the sweep asks for each chat's turn in an invocation of its own, and runs none itself", async () => {
      const { chats } = await waitingChats();
      vi.mocked(sweepAllChats).mockResolvedValueOnce({ waiting: chats, requestWindows: 0 });
      const response = await sweep(
        new Request("http://localhost:3000/api/cron/sweep", {
          headers: { authorization: `Bearer ${CRON_SECRET}` },
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ drive: 2, requestWindows: 0 });
      await expectHandedOff(chats);
    });

    it("listing a visitor's chats recovers them all and hands each waiting turn off the same way", async () => {
      const { visitorId, chats } = await waitingChats();
      const cookie = `${VISITOR_COOKIE}=${await signVisitorId(visitorId, appConfig().sessionSecret)}`;
      expect(
        (await listChats(new Request("http://localhost:3000/api/chats", { headers: { cookie } })))
          .status,
      ).toBe(200);
      await expectHandedOff(chats);
    });
  });
});
