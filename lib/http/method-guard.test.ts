import { createRequire } from "node:module";
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseUnservedMethods } from "./method-guard";

let server: Server;

// The compression middleware `next start` wraps every response in: it writes the headers itself
// before it ends an empty response.
type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
const compression = createRequire(import.meta.url)(
  "next/dist/compiled/compression",
) as () => Middleware;

beforeAll(async () => {
  refuseUnservedMethods();
  // Like a route that exports GET only: any other method gets the framework's empty 405, written
  // the way Next writes a Response (status and headers set, then `end`).
  server = createServer((incoming, response) => {
    if (incoming.url === "/described")
      return void response.writeHead(405, { "content-type": "text/plain" }).end("own words");
    if (incoming.method === "GET") return void response.end("served");
    // Next's own 405 names no methods; this one does, except on API paths, as Next leaves it.
    const refuse = () => {
      response.statusCode = 405;
      if (!incoming.url?.startsWith("/api/")) response.setHeader("allow", "GET, HEAD");
      response.end();
    };
    if (incoming.url === "/compressed") compression()(incoming, response, refuse);
    else refuse();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const port = () => (server.address() as AddressInfo).port;

function send(
  method: string,
  path = "/",
  headers: Record<string, string> = {},
): Promise<{ status: number; allow: string | undefined; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port: port(), method, path, headers },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            allow: response.headers.allow,
            type: response.headers["content-type"],
            body,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Writes raw bytes to the server and reads everything it answers before closing. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port(), "127.0.0.1", () => socket.end(bytes));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("refusals the framework and Node make on their own", () => {
  it("answers TRACE 405 with a stable code before any handler runs", async () => {
    const answer = await send("TRACE");
    expect(answer).toMatchObject({ status: 405, allow: "GET, HEAD" });
    expect(JSON.parse(answer.body)).toMatchObject({ code: "method-not-allowed" });
    expect(await send("GET")).toMatchObject({ status: 200, body: "served" });
  });

  it("gives a route's bare 405 a JSON body with its code, and leaves a 405 that says something alone", async () => {
    const answer = await send("PUT");
    expect(answer).toMatchObject({ status: 405, type: "application/json" });
    expect(JSON.parse(answer.body)).toMatchObject({
      code: "method-not-allowed",
      message: "PUT is not served here.",
    });
    const compressed = await send("PATCH", "/compressed", { "accept-encoding": "gzip" });
    expect(compressed).toMatchObject({ status: 405, type: "application/json" });
    expect(JSON.parse(compressed.body)).toMatchObject({ code: "method-not-allowed" });
    expect(await send("DELETE", "/described")).toMatchObject({
      status: 405,
      type: "text/plain",
      body: "own words",
    });
    expect(await send("PUT", "/api/chats")).toMatchObject({
      status: 405,
      allow: "GET, HEAD, OPTIONS, POST",
      type: "application/json",
    });
  });

  it("refuses a request-target of * and methods outside the Fetch standard before any handler runs", async () => {
    for (const method of ["GET", "OPTIONS", "POST"]) {
      const answer = await raw(`${method} * HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);
      expect(answer, method).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({
        code: "malformed-request",
      });
    }
    expect(await send("PROPFIND", "/api/chats")).toMatchObject({
      status: 405,
      allow: "GET, HEAD, OPTIONS, POST",
      type: "application/json",
    });
    const unknown = await send("PROPFIND", "/api/nowhere");
    expect(unknown).toMatchObject({ status: 404, type: "application/json" });
    expect(JSON.parse(unknown.body)).toMatchObject({ code: "not-found" });
  });

  it("answers headers too large 431, and bytes that are not HTTP 400, each with a stable code", async () => {
    const huge = await raw(`GET / HTTP/1.1\r\nhost: x\r\nx-padding: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(huge.slice(huge.indexOf("\r\n\r\n") + 4))).toMatchObject({
      code: "headers-too-large",
    });
    const garbage = await raw("NOT HTTP AT ALL\r\n\r\n");
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.slice(garbage.indexOf("\r\n\r\n") + 4))).toMatchObject({
      code: "malformed-request",
    });
  });
});
