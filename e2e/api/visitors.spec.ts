import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import { signVisitorId } from "../../lib/http/visitor";
import { createChat, sameOrigin } from "../support";
import { rawRequest } from "./raw-http";

// The server runs in production (playwright.config.ts): the cookie is prefixed, signed with this.
const VISITOR_COOKIE = "__Host-answerable_visitor";
const SESSION_SECRET = "test-secret-for-end-to-end-runs-only";
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

async function visitorCookie(context: APIRequestContext): Promise<string> {
  const cookie = (await context.storageState()).cookies.find(
    (each) => each.name === VISITOR_COOKIE,
  );
  if (!cookie) throw new Error("the context has no visitor cookie yet");
  return cookie.value;
}

/** The value of the visitor cookie a response sets, if any. */
function issuedCookie(setCookie: string | string[] | undefined): string | undefined {
  const line = [setCookie ?? []].flat().find((each) => each.startsWith(`${VISITOR_COOKIE}=`));
  return line?.slice(VISITOR_COOKIE.length + 1).split(";")[0];
}

async function titles(context: APIRequestContext): Promise<string[]> {
  return (
    (await (await context.get("/api/chats")).json()) as { chats: Array<{ title: string }> }
  ).chats.map((chat) => chat.title);
}

test.describe("the origin check in production", () => {
  test("refuses an Origin that only matches a foreign Host, writing nothing, and accepts loopback origins", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, "Keep this title");
    const cookie = `${VISITOR_COOKIE}=${await visitorCookie(request)}`;
    const { port } = new URL(baseURL!);
    const rename = (host: string, origin: string, title: string) =>
      rawRequest(baseURL, {
        method: "PATCH",
        path: `/api/chats/${chatId}`,
        headers: { host, origin, cookie, "content-type": "application/json" },
        chunks: [JSON.stringify({ title })],
      });
    for (const host of ["evil.example", `evil.example:${port}`]) {
      const refused = await rename(host, `http://${host}`, "Renamed from elsewhere");
      expect(refused, host).toMatchObject({ status: 403, body: { code: "forbidden-origin" } });
    }
    const created = await rawRequest(baseURL, {
      method: "POST",
      path: "/api/chats",
      headers: {
        host: "evil.example",
        origin: "http://evil.example",
        cookie,
        "content-type": "application/json",
      },
      chunks: ["{}"],
    });
    expect(created).toMatchObject({ status: 403, body: { code: "forbidden-origin" } });
    expect(await titles(request)).toEqual(["Keep this title"]);
    for (const origin of [`http://localhost:${port}`, `http://[::1]:${port}`]) {
      expect((await rename(`127.0.0.1:${port}`, origin, `From ${origin}`)).status, origin).toBe(
        200,
      );
    }
    expect(await titles(request)).toEqual([`From http://[::1]:${port}`]);
  });
});

test.describe("visitor cookies over time", () => {
  test("one past its maximum age reaches nothing of its visitor: the bearer is a new visitor", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, "Mine only");
    const [id] = (await visitorCookie(request)).split(".");
    // Within its maximum age (400 days) the same visitor's cookie still reaches the chat.
    const aging = await rawRequest(baseURL, {
      method: "GET",
      path: `/api/chats/${chatId}`,
      headers: {
        cookie: `${VISITOR_COOKIE}=${await signVisitorId(id!, SESSION_SECRET, now() - 399 * DAY)}`,
      },
    });
    expect(aging.status).toBe(200);
    expect(issuedCookie(aging.headers["set-cookie"])?.split(".")[0]).toBe(id);
    const cookie = `${VISITOR_COOKIE}=${await signVisitorId(id!, SESSION_SECRET, now() - 401 * DAY)}`;
    const send = (method: string, path: string, data?: unknown) =>
      rawRequest(baseURL, {
        method,
        path,
        headers: { ...sameOrigin(baseURL), cookie },
        chunks: data === undefined ? [] : [JSON.stringify(data)],
      });
    const read = await send("GET", `/api/chats/${chatId}`);
    expect(read).toMatchObject({ status: 404, body: { code: "chat-not-found" } });
    const fresh = issuedCookie(read.headers["set-cookie"])?.split(".")[0];
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh).not.toBe(id);
    expect((await send("GET", "/api/chats")).body).toEqual({ chats: [] });
    expect(await send("PATCH", `/api/chats/${chatId}`, { title: "Taken over" })).toMatchObject({
      status: 404,
      body: { code: "chat-not-found" },
    });
    expect(await send("DELETE", `/api/chats/${chatId}`)).toMatchObject({
      status: 404,
      body: { code: "chat-not-found" },
    });
    expect(await titles(request)).toEqual(["Mine only"]);
  });

  test("one in use is issued again with the same visitor, however many requests renew it at once", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, "Still mine");
    const current = await visitorCookie(request);
    const [id] = current.split(".");
    // Just issued: nothing to renew.
    expect(
      issuedCookie((await request.get(`/api/chats/${chatId}`)).headers()["set-cookie"]),
    ).toBeUndefined();
    const old = await signVisitorId(id!, SESSION_SECRET, now() - 2 * DAY);
    const headers = { cookie: `${VISITOR_COOKIE}=${old}` };
    const answers = await Promise.all(
      Array.from({ length: 2 }, () =>
        rawRequest(baseURL, { method: "GET", path: `/api/chats/${chatId}`, headers }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const renewed = issuedCookie(answer.headers["set-cookie"]);
      const [renewedId, issued] = renewed?.split(".") ?? [];
      expect(renewedId).toBe(id);
      expect(Math.abs(Number(issued) - now())).toBeLessThan(60);
      expect(answer.headers["set-cookie"]?.[0]).toMatch(/; Max-Age=34560000; /);
      const reread = await rawRequest(baseURL, {
        method: "GET",
        path: `/api/chats/${chatId}`,
        headers: { cookie: `${VISITOR_COOKIE}=${renewed}` },
      });
      expect(reread.status).toBe(200);
      expect(reread.headers["set-cookie"]).toBeUndefined();
    }
  });
});

test.describe("new visitors behind a trusted proxy", () => {
  // playwright.config.ts names x-real-ip as the header the proxy in front sets.
  test("count against the address the proxy names: past the limit, 429 rate-limited with Retry-After, and nothing written", async ({
    baseURL,
  }) => {
    const address = `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
    const create = () =>
      rawRequest(baseURL, {
        method: "POST",
        path: "/api/chats",
        headers: { ...sameOrigin(baseURL), "x-real-ip": address },
        chunks: ["{}"],
      });
    // NEW_VISITORS_PER_ADDRESS is 20 by default.
    for (let index = 0; index < 20; index++)
      expect((await create()).status, `visitor ${index + 1}`).toBe(201);
    const refused = await create();
    expect(refused).toMatchObject({ status: 429, body: { code: "rate-limited" } });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const visitor = issuedCookie(refused.headers["set-cookie"]);
    const list = await rawRequest(baseURL, {
      method: "GET",
      path: "/api/chats",
      headers: { cookie: `${VISITOR_COOKIE}=${visitor}` },
    });
    expect(list.body).toEqual({ chats: [] });
    // Another address, or a request naming none, is not held back by this one's count.
    expect(
      (
        await rawRequest(baseURL, {
          method: "POST",
          path: "/api/chats",
          headers: sameOrigin(baseURL),
          chunks: ["{}"],
        })
      ).status,
    ).toBe(201);
  });
});
