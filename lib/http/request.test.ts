import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import {
  assertSameOrigin,
  clientAddress,
  MAX_BODY_BYTES,
  parseEventCursor,
  parseJsonBody,
  servesHost,
} from "./request";
import { confirmationBodySchema, sendMessageBodySchema } from "@/lib/chat/wire/requests";

const URL_BASE = "http://127.0.0.1:3000";

function post(
  body: BodyInit,
  headers: Record<string, string> = { "content-type": "application/json" },
) {
  return new Request(`${URL_BASE}/api/chats`, {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
}

/** A body sent in chunks with no Content-Length, as a chunked upload arrives. */
function streamed(text: string) {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 8_192)
        controller.enqueue(bytes.slice(at, at + 8_192));
      controller.close();
    },
  });
  return post(stream);
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code: string }) => error.code,
  );

describe("JSON bodies", () => {
  it("must be exactly application/json, with parameters at most and UTF-8 if a charset is named", async () => {
    const body = JSON.stringify({ text: "hi" });
    for (const type of [
      "application/json",
      "Application/JSON",
      "application/json; charset=utf-8",
      'application/json;charset="UTF-8"',
    ]) {
      expect(
        await parseJsonBody(post(body, { "content-type": type }), sendMessageBodySchema),
        type,
      ).toEqual({ text: "hi" });
    }
    for (const type of [
      "application/jsonx",
      "application/json-patch+json",
      "text/json",
      "application/json; charset=latin1",
      "",
    ]) {
      expect(
        await refusal(parseJsonBody(post(body, { "content-type": type }), sendMessageBodySchema)),
        type,
      ).toBe("unsupported-media-type");
    }
  });

  it("over the limit are refused with 413 however they are framed", async () => {
    expect(
      await refusal(
        parseJsonBody(
          streamed(JSON.stringify({ text: "x".repeat(70_000) })),
          sendMessageBodySchema,
        ),
      ),
    ).toBe("body-too-large");
    expect(
      await refusal(
        parseJsonBody(streamed(`{"text":"hi"}${" ".repeat(100_000)}`), sendMessageBodySchema),
      ),
    ).toBe("body-too-large");
    expect(
      await parseJsonBody(
        streamed(`{"text":"hi"}${" ".repeat(MAX_BODY_BYTES - 13)}`),
        sendMessageBodySchema,
      ),
    ).toEqual({ text: "hi" });
  });

  it("refuse text Postgres cannot store, and bytes that are not UTF-8, as invalid-text", async () => {
    const cases = [
      ['{"text":"a\\u0000b"}', sendMessageBodySchema],
      ['{"text":"\\ud800"}', sendMessageBodySchema],
      ['{"decision":"reject","reason":"\\udfff"}', confirmationBodySchema],
    ] as const;
    for (const [raw, schema] of cases)
      expect(await refusal(parseJsonBody(post(raw), schema)), raw).toBe("invalid-text");
    expect(
      await refusal(
        parseJsonBody(
          post(new Uint8Array([0x7b, 0x22, 0x74, 0xff, 0x22, 0x7d])),
          sendMessageBodySchema,
        ),
      ),
    ).toBe("invalid-text");
    expect(await refusal(parseJsonBody(post('{"text":"   "}'), sendMessageBodySchema))).toBe(
      "invalid-body",
    );
  });

  it("say the limit of text that is too long", async () => {
    await expect(
      parseJsonBody(post(JSON.stringify({ text: "x".repeat(8_001) })), sendMessageBodySchema),
    ).rejects.toMatchObject({
      code: "invalid-body",
      message: "The text at text is longer than its limit of 8000 characters.",
    });
  });
});

describe("event cursors", () => {
  const get = (query: string, lastEventId?: string) =>
    new Request(`${URL_BASE}/api/chats/x/events${query}`, {
      headers: lastEventId === undefined ? {} : { "last-event-id": lastEventId },
    });

  it("start at Last-Event-ID, else ?after=, else the beginning", () => {
    expect(parseEventCursor(get("?after=5", "9"))).toBe(9);
    expect(parseEventCursor(get("?after=5"))).toBe(5);
    expect(parseEventCursor(get(""))).toBe(0);
  });

  it("refuse anything but a sequence number Postgres can hold", () => {
    for (const raw of ["2147483648", "-1", "NaN", "1e3", "0x10", ""]) {
      expect(() => parseEventCursor(get(`?after=${encodeURIComponent(raw)}`)), raw).toThrow(
        expect.objectContaining({ code: "invalid-cursor" }),
      );
      expect(() => parseEventCursor(get("", raw)), raw).toThrow(
        expect.objectContaining({ code: "invalid-cursor" }),
      );
    }
  });
});

describe("the origin check", () => {
  const request = (
    origin: string,
    host = "127.0.0.1:3000",
    forwarded: Record<string, string> = {},
  ) =>
    new Request(`http://${host}/api/chats`, {
      method: "POST",
      headers: { origin, host, ...forwarded },
    });
  const production = {
    production: true,
    appOrigins: [],
    platformOrigins: [],
    port: 3000,
    trustForwardedHeaders: false,
  };
  const development = { ...production, production: false };
  const refused = expect.objectContaining({ code: "forbidden-origin", status: 403 });

  it("refuses in production an Origin that merely matches the request's own Host", () => {
    expect(() =>
      assertSameOrigin(request("http://evil.example", "evil.example"), production),
    ).toThrow(refused);
    expect(() =>
      assertSameOrigin(request("http://evil.example", "evil.example"), {
        ...production,
        appOrigins: ["https://chat.example.com"],
      }),
    ).toThrow(refused);
  });

  it("accepts in production only loopback origins on the instance's port when none is configured", () => {
    for (const origin of ["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"]) {
      expect(() => assertSameOrigin(request(origin), production), origin).not.toThrow();
    }
    for (const origin of [
      "http://127.0.0.1:8080",
      "https://127.0.0.1:3000",
      "http://localhost",
      "null",
      "",
    ]) {
      expect(() => assertSameOrigin(request(origin), production), origin).toThrow(refused);
    }
  });

  it("accepts the configured origins, and then no longer loopback ones", () => {
    const configured = {
      ...production,
      appOrigins: ["https://chat.example.com", "https://answers.example.org"],
    };
    const behindProxy = (origin: string) => request(origin, "10.0.0.5:3000");
    expect(() =>
      assertSameOrigin(behindProxy("https://chat.example.com"), configured),
    ).not.toThrow();
    expect(() =>
      assertSameOrigin(behindProxy("https://answers.example.org"), configured),
    ).not.toThrow();
    expect(() => assertSameOrigin(request("http://127.0.0.1:3000"), configured)).toThrow(refused);
  });

  it("accepts on Vercel the deployment's URLs and the host its edge forwarded, never a client's X-Forwarded-Host elsewhere", () => {
    const vercel = {
      ...production,
      platformOrigins: ["https://app-git-main.vercel.app"],
      trustForwardedHeaders: true,
    };
    const forwarded = { "x-forwarded-host": "chat.example.com", "x-forwarded-proto": "https" };
    expect(() =>
      assertSameOrigin(request("https://app-git-main.vercel.app", "internal"), vercel),
    ).not.toThrow();
    expect(() =>
      assertSameOrigin(request("https://chat.example.com", "internal", forwarded), vercel),
    ).not.toThrow();
    expect(() =>
      assertSameOrigin(
        request("https://chat.example.com", "127.0.0.1:3000", forwarded),
        production,
      ),
    ).toThrow(refused);
    expect(() =>
      assertSameOrigin(
        request("https://chat.example.com", "127.0.0.1:3000", forwarded),
        development,
      ),
    ).toThrow(refused);
  });

  it("accepts in development a page of this server under any name `next dev` serves, on the port it was reached at", () => {
    const ownAddress = machineAddress();
    const names = ["localhost", "127.0.0.1", "[::1]", ...(ownAddress ? [ownAddress] : [])];
    for (const name of names) {
      const host = `${name}:3000`;
      expect(
        () => assertSameOrigin(request(`http://${host}`, host), development),
        host,
      ).not.toThrow();
      expect(() => assertSameOrigin(request(`http://${name}:8080`, host), development)).toThrow(
        refused,
      );
    }
    expect(() =>
      assertSameOrigin(request("http://localhost:3000", "127.0.0.1:3000"), development),
    ).not.toThrow();
    const tunnel = { ...development, appOrigins: ["https://dev.example.test"] };
    expect(() =>
      assertSameOrigin(request("https://dev.example.test", "localhost:3000"), tunnel),
    ).not.toThrow();
  });

  it("refuses in development a page on any other name, even one its own Host agrees with", () => {
    for (const [origin, host] of [
      ["http://evil.example:3000", "evil.example:3000"],
      ["http://evil.example", "evil.example"],
      ["http://other.example", "localhost:3000"],
      ["http://192.0.2.7:3000", "192.0.2.7:3000"],
      ["null", "localhost:3000"],
    ] as const) {
      expect(() => assertSameOrigin(request(origin, host), development), origin).toThrow(refused);
    }
  });
});

describe("the host check", () => {
  const get = (host: string) => new Request(`http://${host}/`, { headers: { host } });
  const development = { production: false, appOrigins: [] };

  it("serves in development only loopback, this machine's addresses and APP_ORIGIN's hosts, at any port", () => {
    const ownAddress = machineAddress();
    for (const host of [
      "localhost:3000",
      "127.0.0.1:4000",
      "[::1]:3000",
      "LOCALHOST:3000",
      ...(ownAddress ? [`${ownAddress}:3000`] : []),
    ]) {
      expect(servesHost(get(host), development), host).toBe(true);
    }
    for (const host of [
      "evil.example:3000",
      "evil.example",
      "localhost.evil.example",
      "192.0.2.7",
    ]) {
      expect(servesHost(get(host), development), host).toBe(false);
    }
    expect(
      servesHost(get("dev.example.test"), {
        ...development,
        appOrigins: ["https://dev.example.test"],
      }),
    ).toBe(true);
  });

  it("leaves production to its origin list, since a deployment may be reached under any name", () => {
    expect(servesHost(get("evil.example"), { production: true, appOrigins: [] })).toBe(true);
  });
});

/** One of this machine's own IPv4 addresses besides loopback, where it has one. */
function machineAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry?.family === "IPv4" && !entry.internal)?.address;
}

describe("clientAddress", () => {
  const request = (headers: Record<string, string>) =>
    new Request(`${URL_BASE}/api/chats`, { headers });
  const nowhere = { trustForwardedHeaders: false, clientIpHeader: undefined };

  it("names the address Vercel forwarded, and nothing where any client could write the header", () => {
    const forwarded = request({ "x-forwarded-for": "203.0.113.9, 10.0.0.1" });
    expect(clientAddress(forwarded, { ...nowhere, trustForwardedHeaders: true })).toBe(
      "203.0.113.9",
    );
    expect(clientAddress(forwarded, nowhere)).toBeNull();
    expect(clientAddress(request({}), { ...nowhere, trustForwardedHeaders: true })).toBeNull();
  });

  it("takes the trusted proxy's header, the value that proxy added, and only an IP address", () => {
    const realIp = { ...nowhere, clientIpHeader: "x-real-ip" };
    expect(clientAddress(request({ "x-real-ip": "203.0.113.9" }), realIp)).toBe("203.0.113.9");
    expect(clientAddress(request({ "x-real-ip": "2001:db8::1" }), realIp)).toBe("2001:db8::1");
    expect(
      clientAddress(request({ "x-forwarded-for": "1.2.3.4, 203.0.113.9" }), {
        ...nowhere,
        clientIpHeader: "x-forwarded-for",
      }),
    ).toBe("203.0.113.9");
    for (const value of ["", "unknown", "203.0.113.9:443", "1.2.3.4, not-an-ip"]) {
      expect(clientAddress(request({ "x-real-ip": value }), realIp), value).toBeNull();
    }
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.9" }), realIp)).toBeNull();
  });
});
