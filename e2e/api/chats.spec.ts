import { expect, test } from "@playwright/test";
import { createChat, sameOrigin, settledChat, textOf } from "../support";

test.describe("chat API", () => {
  test("a message is answered by a streamed reply that is stored", async ({ request, baseURL }) => {
    const chatId = await createChat(request, baseURL, "hello agent");
    const chat = await settledChat(request, chatId);
    expect(chat.items.map((item) => [item.role, item.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    expect(textOf(chat.items[1]!)).toContain("You said: “hello agent”");
  });

  test("messages sent during a reply are queued and answered in order", async ({ request, baseURL }) => {
    const chatId = await createChat(request, baseURL, "Tell me a long story, slowly");
    const send = (text: string) => request.post(`/api/chats/${chatId}/messages`, { headers: sameOrigin(baseURL), data: { text } });
    const first = await send("first follow-up");
    const second = await send("second follow-up");
    expect(await first.json()).toMatchObject({ status: "queued" });
    expect(await second.json()).toMatchObject({ status: "queued" });
    const chat = await settledChat(request, chatId);
    expect(chat.items.map((item) => `${item.role}:${textOf(item).split("\n")[0]}`)).toEqual([
      "user:Tell me a long story, slowly",
      "assistant:## The lighthouse keeper's ledger",
      "user:first follow-up",
      "assistant:You said: “first follow-up”.",
      "user:second follow-up",
      "assistant:You said: “second follow-up”.",
    ]);
  });

  test("the event stream replays from Last-Event-ID without gaps", async ({ request, baseURL }) => {
    const chatId = await createChat(request, baseURL, "hello stream");
    await settledChat(request, chatId);
    const controller = new AbortController();
    const response = await fetch(new URL(`/api/chats/${chatId}/events`, baseURL), {
      headers: { cookie: (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; "), "last-event-id": "2" },
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes('"turn.ended"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(ids[0]).toBe(3);
    expect(ids).toEqual(ids.map((_, index) => 3 + index));
  });
});

test.describe("refusals", () => {
  test("a state-changing request from another origin is refused and writes nothing", async ({ request, baseURL }) => {
    const before = (await (await request.get("/api/chats")).json()) as { chats: unknown[] };
    for (const origin of ["https://evil.example", undefined]) {
      const response = await request.post("/api/chats", {
        headers: { "content-type": "application/json", ...(origin ? { origin } : {}) },
        data: { message: "hi" },
      });
      expect(response.status()).toBe(403);
      expect(await response.json()).toEqual({ code: "forbidden-origin", message: expect.any(String) });
    }
    const after = (await (await request.get("/api/chats")).json()) as { chats: unknown[] };
    expect(after.chats.length).toBe(before.chats.length);
    void baseURL;
  });

  test("malformed, wrong-typed, unknown-field and oversized bodies are refused", async ({ request, baseURL }) => {
    const chatId = await createChat(request, baseURL);
    const url = `/api/chats/${chatId}/messages`;
    const cases: Array<{ body: string; type?: string; status: number; code: string }> = [
      { body: "{not json", status: 400, code: "invalid-body" },
      { body: JSON.stringify({ text: 42 }), status: 400, code: "invalid-body" },
      { body: JSON.stringify({ text: "   " }), status: 400, code: "invalid-body" },
      { body: JSON.stringify({ text: "hi", admin: true }), status: 400, code: "invalid-body" },
      { body: JSON.stringify({ text: "x".repeat(70_000) }), status: 413, code: "body-too-large" },
      { body: "text=hi", type: "application/x-www-form-urlencoded", status: 415, code: "unsupported-media-type" },
      { body: '{"__proto__":{"polluted":true},"text":"hi"}', status: 400, code: "invalid-body" },
    ];
    for (const entry of cases) {
      const response = await request.post(url, {
        headers: { ...sameOrigin(baseURL), "content-type": entry.type ?? "application/json" },
        data: entry.body,
      });
      expect(response.status(), entry.body.slice(0, 40)).toBe(entry.status);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe(entry.code);
      expect(JSON.stringify(body)).not.toMatch(/at .+\.(ts|js):\d+/);
    }
    const chat = (await (await request.get(`/api/chats/${chatId}`)).json()) as { items: unknown[]; queued: unknown[] };
    expect(chat.items).toEqual([]);
    expect(chat.queued).toEqual([]);
  });

  test("another visitor's chat is not found, for reading, streaming and writing", async ({ request, baseURL, playwright }) => {
    const chatId = await createChat(request, baseURL, "mine");
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      const read = await stranger.get(`/api/chats/${chatId}`);
      expect(read.status()).toBe(404);
      expect(await read.json()).toMatchObject({ code: "chat-not-found" });
      const stream = await stranger.get(`/api/chats/${chatId}/events`);
      expect(stream.status()).toBe(404);
      const earlier = await stranger.get(`/api/chats/${chatId}/items?before=3`);
      expect(earlier.status()).toBe(404);
      expect(await earlier.json()).toMatchObject({ code: "chat-not-found" });
      const write = await stranger.post(`/api/chats/${chatId}/messages`, { headers: sameOrigin(baseURL), data: { text: "let me in" } });
      expect(write.status()).toBe(404);
      const page = await stranger.get(`/chats/${chatId}`);
      expect(page.status()).toBe(404);
    } finally {
      await stranger.dispose();
    }
    const chat = await settledChat(request, chatId);
    expect(chat.items.map(textOf)).not.toContain("let me in");
  });

  test("earlier items come a page before a position; a position that is not a whole number is refused", async ({ request, baseURL }) => {
    const chatId = await createChat(request, baseURL, "hello pages");
    const chat = await settledChat(request, chatId);
    const page = await request.get(`/api/chats/${chatId}/items?before=2`);
    expect(page.status()).toBe(200);
    expect(await page.json()).toMatchObject({ items: [{ id: chat.items[0]!.id, role: "user" }], hasEarlier: false });
    const from = await request.get(`/api/chats/${chatId}?from=1`);
    expect(((await from.json()) as { items: unknown[] }).items).toHaveLength(2);
    for (const query of ["", "?before=", "?before=-1", "?before=1.5", "?before=abc", "?before=2147483648"]) {
      const refused = await request.get(`/api/chats/${chatId}/items${query}`);
      expect(refused.status(), query).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "invalid-position" });
    }
    const refused = await request.get(`/api/chats/${chatId}?from=first`);
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "invalid-position" });
  });

  test("a malformed chat id is simply not found", async ({ request }) => {
    const response = await request.get("/api/chats/not-a-uuid");
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not-found" });
  });

  test("a forged or malformed visitor cookie is not trusted", async ({ baseURL, playwright }) => {
    for (const signature of ["forged", "A", "%%%%", "%ZZ"]) {
      const forged = await playwright.request.newContext({
        baseURL,
        // The e2e server runs in production, where the visitor cookie is `__Host-` prefixed.
        extraHTTPHeaders: { cookie: `__Host-answerable_visitor=00000000-0000-4000-8000-000000000000.${signature}` },
      });
      try {
        const response = await forged.get("/api/chats");
        // The proxy replaces a forged cookie with a fresh visitor, who owns nothing yet.
        expect(response.status(), signature).toBe(200);
        expect(await response.json()).toEqual({ chats: [] });
      } finally {
        await forged.dispose();
      }
    }
  });
});
