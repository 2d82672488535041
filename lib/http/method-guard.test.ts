import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseUnservedMethods } from "./method-guard";

let server: Server;

beforeAll(async () => {
  refuseUnservedMethods();
  server = createServer((_request, response) => response.end("served"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function send(method: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    const outgoing = request({ host: "127.0.0.1", port, method, path: "/" }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode!, allow: response.headers.allow, body }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("TRACE, which the framework cannot serve", () => {
  it("is answered 405 with a stable code before any handler runs", async () => {
    const answer = await send("TRACE");
    expect(answer).toMatchObject({ status: 405, allow: "GET, HEAD, POST" });
    expect(JSON.parse(answer.body)).toMatchObject({ code: "method-not-allowed" });
    expect(await send("GET")).toMatchObject({ status: 200, body: "served" });
  });
});
