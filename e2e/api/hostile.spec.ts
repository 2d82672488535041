import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./contract";
import { createChat, sameOrigin } from "../support";
import { rawRequest } from "./raw-http";

// The server runs in production (playwright.config.ts), where the visitor cookie is prefixed.
const VISITOR_COOKIE = "__Host-answerable_visitor";

async function cookieHeader(context: APIRequestContext): Promise<string> {
  return (await context.storageState()).cookies
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
}

async function visitorCookieValue(context: APIRequestContext): Promise<string> {
  const cookie = (await context.storageState()).cookies.find(
    (each) => each.name === VISITOR_COOKIE,
  );
  if (!cookie) throw new Error("the context has no visitor cookie yet");
  return cookie.value;
}

async function chatCount(context: APIRequestContext): Promise<number> {
  const response = await context.get("/api/chats");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { chats: unknown[] }).chats.length;
}

test.describe("hostile requests", () => {
  test("text Postgres cannot store is refused with invalid-text and writes nothing", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL);
    const before = await chatCount(request);
    for (const escaped of ["a\\u0000b", "\\ud800", "x\\udfffy", "\\udc00\\ud83d"]) {
      const created = await request.post("/api/chats", {
        headers: sameOrigin(baseURL),
        data: `{"message":"${escaped}"}`,
      });
      expect(created.status(), escaped).toBe(400);
      expect(await created.json()).toMatchObject({ code: "invalid-text" });
      const sent = await request.post(`/api/chats/${chatId}/messages`, {
        headers: sameOrigin(baseURL),
        data: `{"text":"${escaped}"}`,
      });
      expect(sent.status(), escaped).toBe(400);
      expect(await sent.json()).toMatchObject({ code: "invalid-text" });
    }
    expect(await chatCount(request)).toBe(before);
    expect(
      ((await (await request.get(`/api/chats/${chatId}`)).json()) as { items: unknown[] }).items,
    ).toEqual([]);
  });

  test("a new visitor's first requests, all at once, each create a chat", async ({
    baseURL,
    playwright,
  }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    try {
      expect(await chatCount(visitor)).toBe(0);
      // Each on a connection of its own, so they reach the server together.
      const headers = { ...sameOrigin(baseURL), cookie: await cookieHeader(visitor) };
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          rawRequest(baseURL, { method: "POST", path: "/api/chats", headers, chunks: ["{}"] }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
      expect(await chatCount(visitor)).toBe(10);
    } finally {
      await visitor.dispose();
    }
  });

  test("the visitor cookie is Secure and __Host- prefixed; a plain-named one is ignored", async ({
    request,
    baseURL,
    playwright,
  }) => {
    const fresh = await request.get("/api/chats");
    expect(fresh.headers()["set-cookie"]).toMatch(
      /^__Host-answerable_visitor=[^;]+; Path=\/;.*; Secure; HttpOnly; SameSite=lax$/,
    );
    await createChat(request, baseURL, "mine");
    const planted = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: `answerable_visitor=${await visitorCookieValue(request)}` },
    });
    try {
      expect(await chatCount(planted)).toBe(0);
    } finally {
      await planted.dispose();
    }
  });

  test("two visitor cookies are refused, whichever is valid, and nothing lands in either visitor", async ({
    request,
    baseURL,
    playwright,
  }) => {
    await createChat(request, baseURL);
    const before = await chatCount(request);
    const valid = await visitorCookieValue(request);
    for (const cookie of [
      `${VISITOR_COOKIE}=%ZZ; ${VISITOR_COOKIE}=${valid}`,
      `${VISITOR_COOKIE}=${valid}; ${VISITOR_COOKIE}=%ZZ`,
    ]) {
      const twice = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie } });
      try {
        for (const response of [
          await twice.get("/api/chats"),
          await twice.post("/api/chats", { headers: sameOrigin(baseURL), data: {} }),
          await twice.get("/"),
        ]) {
          expect(response.status(), response.url()).toBe(400);
          expect(await response.json()).toMatchObject({ code: "duplicate-cookie" });
          expect(response.headers()["set-cookie"]).toBeUndefined();
        }
      } finally {
        await twice.dispose();
      }
    }
    expect(await chatCount(request)).toBe(before);
  });

  test("a body over the limit is refused with 413 however it is framed; the type must be JSON", async ({
    request,
    baseURL,
  }) => {
    await createChat(request, baseURL);
    const headers = { ...sameOrigin(baseURL), cookie: await cookieHeader(request) };
    const before = await chatCount(request);
    const bodies = [
      [JSON.stringify({ message: "x".repeat(70_000) })],
      ['{"message":"hi"}', " ".repeat(50_000), " ".repeat(50_000)],
    ];
    for (const chunks of bodies) {
      const response = await rawRequest(baseURL, {
        method: "POST",
        path: "/api/chats",
        headers,
        chunks,
      });
      expect(response).toMatchObject({
        status: 413,
        body: expect.objectContaining({ code: "body-too-large" }),
      });
    }
    const small = await rawRequest(baseURL, {
      method: "POST",
      path: "/api/chats",
      headers,
      chunks: ['{"message"', ':"hi"}'],
    });
    expect(small.status).toBe(201);
    const jsonx = await request.post("/api/chats", {
      headers: { ...sameOrigin(baseURL), "content-type": "application/jsonx" },
      data: '{"message":"hi"}',
    });
    expect(jsonx.status()).toBe(415);
    expect(await jsonx.json()).toMatchObject({ code: "unsupported-media-type" });
    expect(await chatCount(request)).toBe(before + 1);
  });

  test("an event cursor that is not a Postgres integer is refused", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL);
    for (const cursor of ["2147483648", "99999999999", "-1", "NaN", "1e3", "0x10", ""]) {
      const byQuery = await request.get(
        `/api/chats/${chatId}/events?after=${encodeURIComponent(cursor)}`,
      );
      expect(byQuery.status(), cursor).toBe(400);
      expect(await byQuery.json()).toMatchObject({ code: "invalid-cursor" });
      if (cursor === "") continue;
      const byHeader = await request.get(`/api/chats/${chatId}/events`, {
        headers: { "last-event-id": cursor },
      });
      expect(byHeader.status(), cursor).toBe(400);
    }
  });

  // TRACE is named in unserved.spec.ts's EXEMPT: Next answers it before the proxy or any route.
  test("a malformed %-escape is refused, not failed", async ({ request, baseURL }) => {
    const cookie = await cookieHeader(request);
    for (const path of ["/chats/%ZZ", "/api/chats/%ZZ", "/api/chats/%E0%A4%A"]) {
      expect(
        await rawRequest(baseURL, { method: "GET", path, headers: { cookie } }),
        path,
      ).toMatchObject({ status: 400, body: expect.objectContaining({ code: "invalid-path" }) });
    }
  });

  test("X-Forwarded-Host and -Proto from a client do not pass the origin check", async ({
    request,
    baseURL,
  }) => {
    await createChat(request, baseURL);
    const before = await chatCount(request);
    const response = await request.post("/api/chats", {
      headers: {
        ...sameOrigin(baseURL),
        origin: "https://evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      },
      data: { message: "from elsewhere" },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden-origin" });
    expect(await chatCount(request)).toBe(before);
  });
});
