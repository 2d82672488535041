import { describe, expect, it } from "vitest";
import { assertSameOrigin, clientAddress, MAX_BODY_BYTES, parseEventCursor, parseJsonBody } from "./request";
import { confirmationBodySchema, sendMessageBodySchema } from "./schemas";

const URL_BASE = "http://127.0.0.1:3000";

function post(body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }) {
  return new Request(`${URL_BASE}/api/chats`, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

/** A body sent in chunks with no Content-Length, as a chunked upload arrives. */
function streamed(text: string) {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 8_192) controller.enqueue(bytes.slice(at, at + 8_192));
      controller.close();
    },
  });
  return post(stream);
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: { code: string }) => error.code);

describe("JSON bodies", () => {
  it("must be exactly application/json, with parameters at most and UTF-8 if a charset is named", async () => {
    const body = JSON.stringify({ text: "hi" });
    for (const type of ["application/json", "Application/JSON", "application/json; charset=utf-8", 'application/json;charset="UTF-8"']) {
      expect(await parseJsonBody(post(body, { "content-type": type }), sendMessageBodySchema), type).toEqual({ text: "hi" });
    }
    for (const type of ["application/jsonx", "application/json-patch+json", "text/json", "application/json; charset=latin1", ""]) {
      expect(await refusal(parseJsonBody(post(body, { "content-type": type }), sendMessageBodySchema)), type).toBe("unsupported-media-type");
    }
  });

  it("over the limit are refused with 413 however they are framed", async () => {
    expect(await refusal(parseJsonBody(streamed(JSON.stringify({ text: "x".repeat(70_000) })), sendMessageBodySchema))).toBe("body-too-large");
    expect(await refusal(parseJsonBody(streamed(`{"text":"hi"}${" ".repeat(100_000)}`), sendMessageBodySchema))).toBe("body-too-large");
    expect(await parseJsonBody(streamed(`{"text":"hi"}${" ".repeat(MAX_BODY_BYTES - 13)}`), sendMessageBodySchema)).toEqual({ text: "hi" });
  });

  it("refuse text Postgres cannot store, and bytes that are not UTF-8, as invalid-text", async () => {
    const cases = [
      ['{"text":"a\\u0000b"}', sendMessageBodySchema],
      ['{"text":"\\ud800"}', sendMessageBodySchema],
      ['{"decision":"reject","reason":"\\udfff"}', confirmationBodySchema],
    ] as const;
    for (const [raw, schema] of cases) expect(await refusal(parseJsonBody(post(raw), schema)), raw).toBe("invalid-text");
    expect(await refusal(parseJsonBody(post(new Uint8Array([0x7b, 0x22, 0x74, 0xff, 0x22, 0x7d])), sendMessageBodySchema))).toBe("invalid-text");
    expect(await refusal(parseJsonBody(post('{"text":"   "}'), sendMessageBodySchema))).toBe("invalid-body");
  });

  it("say the limit of text that is too long", async () => {
    await expect(parseJsonBody(post(JSON.stringify({ text: "x".repeat(8_001) })), sendMessageBodySchema)).rejects.toMatchObject({
      code: "invalid-body",
      message: "The text at text is longer than its limit of 8000 characters.",
    });
  });
});

describe("event cursors", () => {
  const get = (query: string, lastEventId?: string) =>
    new Request(`${URL_BASE}/api/chats/x/events${query}`, { headers: lastEventId === undefined ? {} : { "last-event-id": lastEventId } });

  it("start at Last-Event-ID, else ?after=, else the beginning", () => {
    expect(parseEventCursor(get("?after=5", "9"))).toBe(9);
    expect(parseEventCursor(get("?after=5"))).toBe(5);
    expect(parseEventCursor(get(""))).toBe(0);
  });

  it("refuse anything but a sequence number Postgres can hold", () => {
    for (const raw of ["2147483648", "-1", "NaN", "1e3", "0x10", ""]) {
      expect(() => parseEventCursor(get(`?after=${encodeURIComponent(raw)}`)), raw).toThrow(expect.objectContaining({ code: "invalid-cursor" }));
      expect(() => parseEventCursor(get("", raw)), raw).toThrow(expect.objectContaining({ code: "invalid-cursor" }));
    }
  });
});

describe("the origin check", () => {
  const request = (origin: string) =>
    new Request(`${URL_BASE}/api/chats`, {
      method: "POST",
      headers: { origin, host: "127.0.0.1:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
  const untrusted = { appOrigin: undefined, trustForwardedHeaders: false };

  it("accepts the request's own origin and the configured one", () => {
    expect(() => assertSameOrigin(request(URL_BASE), untrusted)).not.toThrow();
    expect(() => assertSameOrigin(request("https://chat.example.com"), { ...untrusted, appOrigin: "https://chat.example.com" })).not.toThrow();
  });

  it("ignores X-Forwarded-Host and -Proto unless the platform sets them", () => {
    expect(() => assertSameOrigin(request("https://evil.example"), untrusted)).toThrow(expect.objectContaining({ code: "forbidden-origin" }));
    expect(() => assertSameOrigin(request("https://evil.example"), { ...untrusted, trustForwardedHeaders: true })).not.toThrow();
  });
});

describe("clientAddress", () => {
  const request = new Request(`${URL_BASE}/api/chats`, { headers: { "x-forwarded-for": "203.0.113.9, 10.0.0.1" } });

  it("names the address the platform forwarded, and nothing where any client could write the header", () => {
    expect(clientAddress(request, { trustForwardedHeaders: true })).toBe("203.0.113.9");
    expect(clientAddress(request, { trustForwardedHeaders: false })).toBeNull();
    expect(clientAddress(new Request(`${URL_BASE}/api/chats`), { trustForwardedHeaders: true })).toBeNull();
  });
});
