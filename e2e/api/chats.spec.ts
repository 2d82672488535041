import { expect, test } from "./contract";
import { createChat, runSql, sameOrigin, settledChat, textOf } from "../support";

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

  test("messages sent during a reply are queued and answered in order", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, "Tell me a long story, slowly");
    const send = (text: string) =>
      request.post(`/api/chats/${chatId}/messages`, {
        headers: sameOrigin(baseURL),
        data: { text },
      });
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

  test("the event stream resumes after Last-Event-ID with every later event in order, a finished reply's deltas replaced by its completion", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, "Tell me a long story");
    const settled = await settledChat(request, chatId);
    const { lastEventSeq } = (await (await request.get(`/api/chats/${chatId}`)).json()) as {
      lastEventSeq: number;
    };
    const cookie = (await request.storageState()).cookies
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const everything = await readEvents({ baseURL, chatId, cookie, after: 0, until: lastEventSeq });
    const reply = settled.items[1]!;
    const created = everything.find(
      (event) => event.data.type === "item.created" && event.data.item?.id === reply.id,
    )!;
    const completed = everything.find(
      (event) => event.data.type === "item.completed" && event.data.item?.id === reply.id,
    )!;
    // The reply streamed events between the two, and its end deleted them.
    expect(completed.id - created.id).toBeGreaterThan(2);
    expect(everything.filter((event) => event.id > created.id && event.id < completed.id)).toEqual(
      [],
    );

    // A page that applied the reply's first delta live reconnects from inside the deleted range.
    const cursor = created.id + 1;
    const resumed = await readEvents({
      baseURL,
      chatId,
      cookie,
      lastEventId: cursor,
      until: lastEventSeq,
    });
    const ids = resumed.map((event) => event.id);
    expect(ids[0]).toBeGreaterThan(cursor);
    expect(ids).toEqual(
      [...ids].sort((a, b) => a - b).filter((id, index, all) => all.indexOf(id) === index),
    );
    expect(resumed).toEqual(everything.filter((event) => event.id > cursor));
    expect(resumed.map((event) => event.data.type)).toEqual(["item.completed", "turn.ended"]);
    expect(textOf(resumed[0]!.data.item!)).toBe(textOf(reply));
    expect(textOf(reply)).toContain("until the pattern shows itself.");
  });
  test("an event the log holds in a shape the page cannot read streams as null, so the page reloads the chat", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, "Hello");
    await settledChat(request, chatId);
    const { lastEventSeq } = (await (await request.get(`/api/chats/${chatId}`)).json()) as {
      lastEventSeq: number;
    };
    // As an older version might have written it: a known type whose fields have moved.
    await runSql(
      `INSERT INTO "ChatEvent" ("chatId", seq, type, data) VALUES ($1, $2, 'item.delta', $3::jsonb)`,
      [chatId, lastEventSeq + 1, JSON.stringify({ type: "item.delta", id: "x", body: 1 })],
    );
    const cookie = (await request.storageState()).cookies
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const [odd] = await readEvents({
      baseURL,
      chatId,
      cookie,
      after: lastEventSeq,
      until: lastEventSeq + 1,
    });
    expect(odd).toEqual({ id: lastEventSeq + 1, data: null });
  });
});

type LoggedEvent = {
  id: number;
  data: { type: string; item?: { id: string; parts: Array<{ kind: string; text?: string }> } };
};

/** The chat's events from its SSE stream, after `after` or `Last-Event-ID`, read until the event `until`. */
async function readEvents(options: {
  baseURL?: string;
  chatId: string;
  cookie: string;
  after?: number;
  lastEventId?: number;
  until: number;
}): Promise<LoggedEvent[]> {
  const url = new URL(`/api/chats/${options.chatId}/events`, options.baseURL);
  if (options.after !== undefined) url.searchParams.set("after", String(options.after));
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      cookie: options.cookie,
      ...(options.lastEventId !== undefined
        ? { "last-event-id": String(options.lastEventId) }
        : {}),
    },
    signal: controller.signal,
  });
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: LoggedEvent[] = [];
  let text = "";
  while (events.at(-1)?.id !== options.until) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    const messages = text.split("\n\n");
    text = messages.pop()!;
    for (const message of messages) {
      const id = /^id: (\d+)$/m.exec(message)?.[1];
      const data = /^data: (.*)$/m.exec(message)?.[1];
      if (id && data)
        events.push({ id: Number(id), data: JSON.parse(data) as LoggedEvent["data"] });
    }
  }
  controller.abort();
  return events;
}

test.describe("refusals", () => {
  test("a state-changing request from another origin is refused and writes nothing", async ({
    request,
    baseURL,
  }) => {
    const before = (await (await request.get("/api/chats")).json()) as { chats: unknown[] };
    for (const origin of ["https://evil.example", undefined]) {
      const response = await request.post("/api/chats", {
        headers: { "content-type": "application/json", ...(origin ? { origin } : {}) },
        data: { message: "hi" },
      });
      expect(response.status()).toBe(403);
      expect(await response.json()).toEqual({
        code: "forbidden-origin",
        message: expect.any(String),
      });
    }
    const after = (await (await request.get("/api/chats")).json()) as { chats: unknown[] };
    expect(after.chats.length).toBe(before.chats.length);
    void baseURL;
  });

  test("malformed, wrong-typed, unknown-field and oversized bodies are refused", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL);
    const url = `/api/chats/${chatId}/messages`;
    const cases: Array<{ body: string; type?: string; status: number; code: string }> = [
      { body: "{not json", status: 400, code: "invalid-body" },
      { body: JSON.stringify({ text: 42 }), status: 400, code: "invalid-body" },
      { body: JSON.stringify({ text: "   " }), status: 400, code: "invalid-body" },
      { body: JSON.stringify({ text: "hi", admin: true }), status: 400, code: "invalid-body" },
      { body: JSON.stringify({ text: "x".repeat(70_000) }), status: 413, code: "body-too-large" },
      {
        body: "text=hi",
        type: "application/x-www-form-urlencoded",
        status: 415,
        code: "unsupported-media-type",
      },
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
    const chat = (await (await request.get(`/api/chats/${chatId}`)).json()) as {
      items: unknown[];
      queued: unknown[];
    };
    expect(chat.items).toEqual([]);
    expect(chat.queued).toEqual([]);
  });

  test("another visitor's chat is not found, for reading, streaming and writing", async ({
    request,
    baseURL,
    playwright,
  }) => {
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
      const write = await stranger.post(`/api/chats/${chatId}/messages`, {
        headers: sameOrigin(baseURL),
        data: { text: "let me in" },
      });
      expect(write.status()).toBe(404);
      const page = await stranger.get(`/chats/${chatId}`);
      expect(page.status()).toBe(404);
    } finally {
      await stranger.dispose();
    }
    const chat = await settledChat(request, chatId);
    expect(chat.items.map(textOf)).not.toContain("let me in");
  });

  test("earlier items come a page before a position; a position that is not a whole number is refused", async ({
    request,
    baseURL,
  }) => {
    const chatId = await createChat(request, baseURL, "hello pages");
    const chat = await settledChat(request, chatId);
    const page = await request.get(`/api/chats/${chatId}/items?before=2`);
    expect(page.status()).toBe(200);
    expect(await page.json()).toMatchObject({
      items: [{ id: chat.items[0]!.id, role: "user" }],
      hasEarlier: false,
    });
    const from = await request.get(`/api/chats/${chatId}?from=1`);
    expect(((await from.json()) as { items: unknown[] }).items).toHaveLength(2);
    for (const query of [
      "",
      "?before=",
      "?before=-1",
      "?before=1.5",
      "?before=abc",
      "?before=2147483648",
    ]) {
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
        extraHTTPHeaders: {
          cookie: `__Host-answerable_visitor=00000000-0000-4000-8000-000000000000.${signature}`,
        },
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
