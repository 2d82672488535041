import { randomUUID } from "node:crypto";
import { expect, test } from "./contract";
import { createChat, sameOrigin } from "../support";
import { rawRequest, rawSocket } from "./raw-http";

const CHAT = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

// Every 4xx under /api is JSON with a code; a 405 says what the route serves.
const TABLE: Array<{ method: string; path: string; status: number; code: string; allow?: string }> =
  [
    { method: "GET", path: "/api", status: 404, code: "not-found" },
    { method: "GET", path: "/api/nope", status: 404, code: "not-found" },
    { method: "POST", path: "/api/chats/x/y/z", status: 404, code: "not-found" },
    { method: "DELETE", path: `/api/chats/${CHAT}/items/${CHAT}`, status: 404, code: "not-found" },
    { method: "OPTIONS", path: "/api/health/extra", status: 404, code: "not-found" },
    { method: "PUT", path: "/api/unknown", status: 404, code: "not-found" },
    {
      method: "PUT",
      path: "/api/chats",
      status: 405,
      code: "method-not-allowed",
      allow: "GET, HEAD, OPTIONS, POST",
    },
    {
      method: "PATCH",
      path: "/api/chats",
      status: 405,
      code: "method-not-allowed",
      allow: "GET, HEAD, OPTIONS, POST",
    },
    {
      method: "DELETE",
      path: "/api/chats",
      status: 405,
      code: "method-not-allowed",
      allow: "GET, HEAD, OPTIONS, POST",
    },
    {
      method: "PUT",
      path: `/api/chats/${CHAT}`,
      status: 405,
      code: "method-not-allowed",
      allow: "DELETE, GET, HEAD, OPTIONS, PATCH",
    },
    {
      method: "GET",
      path: `/api/chats/${CHAT}/messages`,
      status: 405,
      code: "method-not-allowed",
      allow: "OPTIONS, POST",
    },
    {
      method: "DELETE",
      path: `/api/chats/${CHAT}/ui-choices`,
      status: 405,
      code: "method-not-allowed",
      allow: "OPTIONS, POST",
    },
    {
      method: "POST",
      path: "/api/health",
      status: 405,
      code: "method-not-allowed",
      allow: "GET, HEAD, OPTIONS",
    },
    {
      method: "POST",
      path: "/api/cron/sweep",
      status: 405,
      code: "method-not-allowed",
      allow: "GET, HEAD, OPTIONS",
    },
  ];

// What Next or Node answers before the proxy or any route runs, so no JSON body can be given.
const EXEMPT: Array<{ request: string; reason: string }> = [
  {
    request: "TRACE /api/chats",
    reason:
      "Next answers before the proxy: a Fetch Request cannot carry TRACE, so Next answers 500",
  },
  {
    request: "PROPFIND /api/chats",
    reason: "Next answers before the route: a method outside the Fetch standard's gets a bare 400",
  },
  {
    request: `MKCOL /api/chats/${CHAT}/events`,
    reason: "Next answers before the route: a method outside the Fetch standard's gets a bare 400",
  },
  {
    request: "PROPFIND /api/nope",
    reason: "Next answers before the route: a method outside the Fetch standard's gets a bare 400",
  },
  {
    request: "SEARCH /api/health",
    reason: "Next answers before the route: a method outside the Fetch standard's gets a bare 400",
  },
  ...["GET", "OPTIONS", "POST", "DELETE"].map((method) => ({
    request: `${method} *`,
    reason:
      "Next answers before the proxy: it makes no URL of the request-target *, and answers 500",
  })),
];

test.describe("requests nothing serves", () => {
  test("answer every 4xx under /api as JSON with a code, and every 405 with its Allow", async ({
    request,
    baseURL,
  }) => {
    await request.get("/api/chats");
    const cookie = (await request.storageState()).cookies
      .map((each) => `${each.name}=${each.value}`)
      .join("; ");
    for (const row of TABLE) {
      const answer = await rawRequest(baseURL, {
        method: row.method,
        path: row.path,
        headers: { cookie, origin: new URL(baseURL!).origin },
      });
      const label = `${row.method} ${row.path}`;
      expect(answer.status, label).toBe(row.status);
      expect(answer.headers["content-type"], label).toMatch(/^application\/json/);
      expect(answer.body, label).toMatchObject({ code: row.code, message: expect.any(String) });
      expect(answer.headers.allow, label).toBe(row.allow);
    }
  });

  test("answer what Next answers before the app, named in EXEMPT, and the server serves on", async ({
    request,
    baseURL,
  }) => {
    const host = new URL(baseURL!).host;
    for (const { request: line, reason } of EXEMPT) {
      const answer = await rawSocket(
        baseURL,
        `${line} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
      // Answered, not dropped: a status line, and no JSON refusal to read (the reason says why).
      expect(answer, `${line}: ${reason}`).toMatch(/^HTTP\/1\.1 [45]\d\d /);
      expect(answer, `${line}: ${reason}`).not.toMatch(/\r\ncontent-type: application\/json\r\n/i);
    }
    expect((await request.get("/api/health")).status()).toBe(200);
  });

  test("refuse a revision or position past Postgres' integer range as a bad body or position, never a 500", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL);
    const body = (revision: number) => ({
      itemId: randomUUID(),
      blockId: "b",
      revision,
      choiceId: "c",
      values: {},
    });
    for (const route of ["ui-choices", "ui-queries"]) {
      for (const revision of [2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
        const data =
          route === "ui-choices"
            ? body(revision)
            : { ...body(revision), choiceId: undefined, query: "$q" };
        const answer = await request.post(`/api/chats/${chatId}/${route}`, {
          headers: sameOrigin(baseURL),
          data,
        });
        expect(answer.status(), `${route} ${revision}`).toBe(400);
        expect(await answer.json()).toMatchObject({ code: "invalid-body" });
      }
      // The largest revision the column holds is read, and simply not found.
      const data =
        route === "ui-choices"
          ? body(2 ** 31 - 1)
          : { ...body(2 ** 31 - 1), choiceId: undefined, query: "$q" };
      const largest = await request.post(`/api/chats/${chatId}/${route}`, {
        headers: sameOrigin(baseURL),
        data,
      });
      expect(largest.status(), route).toBeGreaterThanOrEqual(400);
      expect(largest.status(), route).toBeLessThan(500);
    }
    for (const query of ["from=2147483648", "from=99999999999"]) {
      const answer = await request.get(`/api/chats/${chatId}?${query}`);
      expect(answer.status(), query).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "invalid-position" });
    }
    const earlier = await request.get(`/api/chats/${chatId}/items?before=2147483648`);
    expect(earlier.status()).toBe(400);
    expect(await earlier.json()).toMatchObject({ code: "invalid-position" });
  });
});
