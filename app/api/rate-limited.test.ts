import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { appConfig } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { signVisitorId, VISITOR_COOKIE } from "@/lib/http/visitor";
import { POST as createChat } from "./chats/route";
import { POST as decide } from "./chats/[chatId]/confirmations/[token]/route";
import { POST as regenerate } from "./chats/[chatId]/items/[itemId]/regenerate/route";
import { POST as send } from "./chats/[chatId]/messages/route";
import { POST as select } from "./chats/[chatId]/selections/route";
import { POST as choose } from "./chats/[chatId]/ui-choices/route";

// A low limit and a day-long window, read once by this file's configuration: the window cannot
// roll over while the test runs (outside the minute around midnight UTC).
vi.hoisted(() =>
  vi.stubEnv("RATE_LIMIT_REQUESTS", "2").stubEnv("RATE_LIMIT_WINDOW_SECONDS", "86400"),
);

afterAll(async () => {
  await disconnectDb();
});

const ORIGIN = "http://localhost:3000";

function post(cookie: string, path: string, body: unknown): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const params = <P>(value: P) => ({ params: Promise.resolve(value) });

describe("every state-changing route, once the visitor's requests are spent", () => {
  it("answers 429 rate-limited with Retry-After and writes nothing", async () => {
    const visitorId = randomUUID();
    const cookie = `${VISITOR_COOKIE}=${await signVisitorId(visitorId, appConfig().sessionSecret)}`;
    const created = await createChat(post(cookie, "/api/chats", {}));
    expect(created.status).toBe(201);
    const { chatId } = (await created.json()) as { chatId: string };
    expect((await createChat(post(cookie, "/api/chats", {}))).status).toBe(201);
    const before = {
      chats: await db().chat.count({ where: { visitorId } }),
      events: await db().chatEvent.count({ where: { chat: { visitorId } } }),
    };

    const itemId = randomUUID();
    const refused = [
      await createChat(post(cookie, "/api/chats", { message: "one more" })),
      await send(
        post(cookie, `/api/chats/${chatId}/messages`, { text: "hello" }),
        params({ chatId }),
      ),
      await choose(
        post(cookie, `/api/chats/${chatId}/ui-choices`, {
          itemId,
          blockId: "b",
          revision: 1,
          choiceId: "c",
          values: {},
        }),
        params({ chatId }),
      ),
      await select(
        post(cookie, `/api/chats/${chatId}/selections`, {
          itemId,
          instanceId: "list",
          choiceId: "c",
        }),
        params({ chatId }),
      ),
      await decide(
        post(cookie, `/api/chats/${chatId}/confirmations/confirm-x`, { decision: "approve" }),
        params({ chatId, token: "confirm-x" }),
      ),
      await regenerate(
        post(cookie, `/api/chats/${chatId}/items/${itemId}/regenerate`, {}),
        params({ chatId, itemId }),
      ),
    ];
    for (const response of refused) {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await response.json()).toMatchObject({ code: "rate-limited" });
    }
    expect({
      chats: await db().chat.count({ where: { visitorId } }),
      events: await db().chatEvent.count({ where: { chat: { visitorId } } }),
    }).toEqual(before);
  });
});
